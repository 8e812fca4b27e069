// The discount rates slice's public face.
export { discountRatesHandlers } from './handlers.js';
