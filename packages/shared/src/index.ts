export * from './constants';
export * from './money';
export * from './schemas/common';
