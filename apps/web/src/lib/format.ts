export { formatPrice } from '@bookshop/contracts/money';

// Every date and time on the shop's clock (decision 074), in the browser as on the server, so a
// review reads the same on the book page and in the admin, and a rendered page hydrates unchanged.
export { formatShopDateTime as formatDateTime, shopYear } from '@bookshop/contracts/shop-clock';
