import { AuthLayout } from '../components/layout/auth-layout.tsx';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { RegisterForm } from '../features/auth/components/register-form.tsx';

export function RegisterPage() {
  usePageMeta({
    title: 'Start Free Trial — Quire',
    description: 'Create a Quire account: your first export is free, up to 25 pages, no credit card.',
    canonicalPath: '/register',
  });
  return (
    <AuthLayout
      title="Create your account"
      description="Your first export is free: up to 25 pages, no credit card."
    >
      <RegisterForm />
    </AuthLayout>
  );
}
