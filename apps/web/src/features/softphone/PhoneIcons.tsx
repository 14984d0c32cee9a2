// Line icons of the softphone (Tabler style, drawn inline like the shell's); the keypad's is in KeypadIcon.tsx.
import { Icon, type IconProps } from '../../components/Icon.tsx';

// The handset is the shell's (the sidebar's call history entry uses it too).
export { PhoneIcon } from '../../components/Icons.tsx';
import { HANDSET_PATH } from '../../components/Icons.tsx';

export const PhoneOffIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 21 21 3" />
    <path d="M5.831 14.161A15.946 15.946 0 0 1 3 6a2 2 0 0 1 2-2h4l2 5-2.5 1.5c.108.22.223.435.345.645M10.59 17.4a11 11 0 0 0 2.91 1.1L15 13l5 2v4a2 2 0 0 1-2 2c-2.894-.176-5.584-1.09-7.88-2.54" />
  </Icon>
);

export const MicrophoneOffIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 3l18 18" />
    <path d="M9 5a3 3 0 0 1 6 0v5a3 3 0 0 1-.13.874m-2 2A3 3 0 0 1 9 10V9" />
    <path d="M5 10a7 7 0 0 0 10.846 5.85m2-2A6.967 6.967 0 0 0 19 10M8 21h8M12 17v4" />
  </Icon>
);

export const HoldIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7 5h3v14H7zM14 5h3v14h-3z" />
  </Icon>
);

export const UserPlusIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M8 7a4 4 0 1 0 8 0 4 4 0 0 0-8 0M16 19h6M19 16v6M6 21v-2a4 4 0 0 1 4-4h4" />
  </Icon>
);

/** A call handed on (Tabler phone-outgoing): the transfer to a colleague. */
export const TransferIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d={HANDSET_PATH} />
    <path d="M15 9l5-5" />
    <path d="M16 4h4v4" />
  </Icon>
);
