export * from './amount-in-words';
export * from './pincode';
export * from './states';
