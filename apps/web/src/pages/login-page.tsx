import { AuthLayout } from '../components/layout/auth-layout.tsx';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { LoginForm } from '../features/auth/components/login-form.tsx';

export function LoginPage() {
  usePageMeta({
    title: 'Sign In — Quire',
    description: 'Sign in to Quire to clean, format and export your books.',
    canonicalPath: '/login',
  });
  return (
    <AuthLayout title="Welcome back" description="Sign in to pick up where you left off.">
      <LoginForm />
    </AuthLayout>
  );
}
