// The question a console link asks when it belongs to someone other than who is signed in on this browser
// (session.ts, settleHandoff): the link's maker could otherwise swap the account under the user's feet.
import { create } from 'zustand';

export interface SwitchQuestion {
  /** Names of the account signed in now and of the link's. */
  current: string;
  next: string;
  answer: (switching: boolean) => void;
}

export const useSwitchQuestion = create<{ question: SwitchQuestion | null }>()(() => ({ question: null }));

/** Shows the question; resolves true to switch, false to keep the current account. */
export const askToSwitch = (current: string, next: string): Promise<boolean> =>
  new Promise((resolve) => {
    useSwitchQuestion.setState({
      question: {
        current,
        next,
        answer: (switching) => {
          useSwitchQuestion.setState({ question: null });
          resolve(switching);
        },
      },
    });
  });
