// The storefront layout's parts that no first paint or first click needs code for, one chunk loaded
// after hydration (root-layout.tsx defers them): the server renders them, and their links work as
// plain links until then.
export { DemoShopBanner } from '@/components/ui/demo-shop-banner';
export { ScrollProgress } from './scroll-progress';
export { SiteFooter } from './site-footer';
export { TopBanner } from './top-banner';
