export * from './arithmetic';
export * from './credit-note';
export * from './document-number';
export * from './gstin';
export * from './line-tax';
export * from './price-for-delivery';
export * from './price-order';
export * from './rates';
