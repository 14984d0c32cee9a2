// The tab title: what the user is looking at and the product name, with the total of unread messages in
// front, e.g. "(3) Maria Souza · Atende".
const BASE_TITLE = 'Atende';
let counter = 0;
let subject: string | null = null;

const render = (): void => {
  const name = subject ? `${subject} · ${BASE_TITLE}` : BASE_TITLE;
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

export const resetTitleCounter = (): void => {
  subject = null;
  setTitleCounter(0);
};
