export * from './arith';
export * from './rate-type';
export * from './split';
