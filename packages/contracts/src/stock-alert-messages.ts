/**
 * Back-in-stock alerts' words (issue 22, decision 082), without zod, so the book route can show
 * the button without loading the contract schemas (docs/performance.md).
 */
export const StockAlertMessages = {
  bookNotFound: 'This book does not exist.',
  inStock: 'This book is in stock: you can buy it now.',
  noAlert: 'You have not asked to be told about this book.',
  /** The book page's button and what it says once asked. */
  notifyMe: "Notify me when it's back",
  willEmail: "We'll e-mail you",
  askFailed: 'We could not save your request.',
  /** The e-mail's subject. */
  backInStock: (title: string) => `${title} is back in stock`,
} as const;
