// The kit's imperative overlays for the app shell, imported by their own paths: the kit's index
// would tie every one of its components to the first screen (see vite.config.ts, main.tsx).
export { default as Dialog } from 'antd-mobile/es/components/dialog';
export { default as Toast } from 'antd-mobile/es/components/toast';
