// The tab title: what the user is looking at and the product name, with the total of unread messages in
// front, e.g. "(3) Maria Souza · Atende". The product name is the company's white-label one once known.
import { DEFAULT_PRODUCT_NAME } from '@atende/contract';

let product: string = DEFAULT_PRODUCT_NAME;
let counter = 0;
let subject: string | null = null;

const render = (): void => {
  const name = subject ? `${subject} · ${product}` : product;
  document.title = counter > 0 ? `(${counter}) ${name}` : name;
};

export const setTitleCounter = (value: number): void => {
  counter = Number.isFinite(value) ? Math.max(0, Math.trunc(value)) : 0;
  render();
};

/** What the screen shows (an open contact's name), or null for the product name alone. */
export const setTitleSubject = (value: string | null): void => {
  subject = value?.trim() || null;
  render();
};

/** The company's product name (white-label resources). */
export const setTitleProduct = (value: string): void => {
  product = value.trim() || DEFAULT_PRODUCT_NAME;
  render();
};

export const resetTitleCounter = (): void => {
  subject = null;
  setTitleCounter(0);
};
