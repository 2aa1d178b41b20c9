/** The password field lives with the shared UI (the security settings use it too). */
export { PasswordInput } from '@/components/ui/password-input';
