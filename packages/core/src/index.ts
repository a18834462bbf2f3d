export * from './constants';
export * from './errors';
export * from './enums';
export * from './validators';
export * from './format';
export * from './api/auth';
export * from './api/system';
export * from './routes';
