// The products slice's public face: its handlers, and the campus sale price as pricing's list price
// source (a campus's enabled sale of a course's product, at the price valid on the order's day).
import { registerListPriceSource } from '../pricing/index.js';
import { salePriceOfCourse } from './service.js';

export { productsHandlers } from './handlers.js';
export { salePriceOfCourse } from './service.js';

registerListPriceSource({ name: 'productSalePrice', unitPrice: salePriceOfCourse });
