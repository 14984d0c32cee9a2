// Logout as the shell offers it: to the company's accounts site when configured, else to login.
import { useState } from 'react';
import { useResources } from '../branding/resources-store.ts';
import { signOut } from './session.ts';

export function useSignOut(): { signingOut: boolean; handleSignOut: () => void } {
  const resources = useResources();
  const [signingOut, setSigningOut] = useState(false);
  const handleSignOut = () => {
    setSigningOut(true);
    void signOut(resources?.accounts_url ?? null).finally(() => setSigningOut(false));
  };
  return { signingOut, handleSignOut };
}
