export * from './auth';
export * from './practices';
export * from './professionals';
export * from './mail';
export * from './rate-limits';
