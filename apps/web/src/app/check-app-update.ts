// The update check lives in lib so a page (settings' manual check) can ask it too.
export { checkAppUpdate } from '@/lib/app-update';
