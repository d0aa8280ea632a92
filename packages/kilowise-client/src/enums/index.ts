export * from './devices';
export * from './charging';
export * from './makes';
export * from './vehicles';
export * from './spot-price-area';
