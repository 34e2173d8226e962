// oidc-provider ships no type declarations; the test helper uses it loosely.
declare module 'oidc-provider';
// s3rver (a local S3-compatible server for tests) ships none either.
declare module 's3rver';
