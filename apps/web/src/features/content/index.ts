// The content feature's public entry: only the path lists, so the router's eager bundle carries names.
export { HELP_ARTICLE_SLUGS, POLICY_PATHS } from './routes';
