// The kit's imperative overlays, loaded on first use by ./overlays (with their animation library,
// they would add about 25 KB gzipped to every first screen). Imported by their own paths: the
// kit's index would bring every component with it.
export { default as Dialog } from 'antd-mobile/es/components/dialog';
export { default as Toast } from 'antd-mobile/es/components/toast';
