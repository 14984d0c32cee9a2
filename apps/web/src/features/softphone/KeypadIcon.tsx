// The keypad's line icon, on its own: the sidebar shows it in the console's first load, the rest of the
// softphone's icons load with the softphone.
import { Icon, type IconProps } from '../../components/Icon.tsx';

export const KeypadIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 4h2v2H5zM11 4h2v2h-2zM17 4h2v2h-2zM5 10h2v2H5zM11 10h2v2h-2zM17 10h2v2h-2zM5 16h2v2H5zM11 16h2v2h-2zM17 16h2v2h-2z" />
  </Icon>
);
