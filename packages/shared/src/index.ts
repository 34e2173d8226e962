export * from './constants';
export * from './money';
export * from './order-status';
export * from './pricing';
export * from './safe-next';
export * from './schemas/catalogue';
export * from './schemas/common';
export * from './schemas/user';
