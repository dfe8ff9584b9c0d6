export * from './economic-calendar';
export * from './formatting';
export * from './interface';
export * from './notifications';
export * from './sessions';
export * from './settings';
export * from './trading';
