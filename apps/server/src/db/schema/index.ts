export * from './admin';
export * from './catalogue';
export * from './content';
export * from './orders';
export * from './payments';
export * from './server';
export * from './shopping';
export * from './users';
