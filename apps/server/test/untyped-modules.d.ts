// oidc-provider ships no type declarations; the test helper uses it loosely.
declare module 'oidc-provider';
