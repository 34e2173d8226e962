export { seoRoutes } from './seo.routes';
export { SeoService } from './seo.service';
