// Line icons of a conversation's life (Tabler style, drawn inline like the others).
import { Icon, type IconProps } from '../../../components/Icon.tsx';

export const ClockPauseIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M20.94 13.5a9 9 0 1 0-7.44 7.44" />
    <path d="M12 7v5l2 2M17 17v5M21 17v5" />
  </Icon>
);

export const ChevronDownIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);

export const TransferIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M20 10H4l5.5-6M4 14h16l-5.5 6" />
  </Icon>
);

export const ReopenIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M20 11A8.1 8.1 0 0 0 4.5 9M4 5v4h4M4 13a8.1 8.1 0 0 0 15.5 2m.5 4v-4h-4" />
  </Icon>
);
