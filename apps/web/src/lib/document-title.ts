// The tab title: the product name with the counter of unread conversations in front, e.g. "(3) Atende".
const BASE_TITLE = 'Atende';
let counter = 0;

const render = (): void => {
  document.title = counter > 0 ? `(${counter}) ${BASE_TITLE}` : BASE_TITLE;
};

export const setTitleCounter = (value: number): void => {
  counter = Math.max(0, Math.trunc(value));
  render();
};

export const resetTitleCounter = (): void => setTitleCounter(0);
