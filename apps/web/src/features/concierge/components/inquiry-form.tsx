import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowRight } from 'lucide-react';
import type { z } from 'zod';
import { CONCIERGE_STATUSES, ConciergeInquirySchema, type ConciergeInquiry } from '@quire/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { STATUS_LABELS } from '../lib/concierge-content.ts';

type InquiryInput = z.input<typeof ConciergeInquirySchema>;

const EMPTY: InquiryInput = {
  name: '',
  email: '',
  phone: '',
  institution: '',
  degree: '',
  thesisTitle: '',
  fieldOfStudy: '',
  // No status until one is picked: the select shows its placeholder and the schema asks for a choice.
  currentStatus: '' as InquiryInput['currentStatus'],
  targetPublication: '',
  additionalInfo: '',
};

/** Optional fields left blank are left out, so that what is stored and sent holds only what was written. */
function withoutBlanks(inquiry: ConciergeInquiry): ConciergeInquiry {
  const optional = ['phone', 'institution', 'targetPublication', 'additionalInfo'] as const;
  const result = { ...inquiry };
  for (const key of optional) if (!result[key]) delete result[key];
  return result;
}

/**
 * The Academic Concierge inquiry (accounts spec sections 3 and 5), validated with the contracts' schema. `initial`
 * fills it again when the visitor comes back from the checkout.
 */
export function InquiryForm({ initial, onSubmit }: { initial?: ConciergeInquiry | null; onSubmit: (inquiry: ConciergeInquiry) => void }) {
  const form = useForm<InquiryInput, unknown, ConciergeInquiry>({
    resolver: zodResolver(ConciergeInquirySchema),
    defaultValues: { ...EMPTY, ...initial },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => onSubmit(withoutBlanks(values)));

  return (
    <form onSubmit={submit} noValidate aria-labelledby="concierge-inquiry-title" className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Full Name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
        </Field>
        <Field label="Email" error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="email" placeholder="you@university.edu" {...form.register('email')} />}
        </Field>
        <Field label="Phone" optional error={errors.phone?.message}>
          {(control) => <Input {...control} type="tel" autoComplete="tel" {...form.register('phone')} />}
        </Field>
        <Field label="Institution" optional error={errors.institution?.message}>
          {(control) => <Input {...control} autoComplete="organization" {...form.register('institution')} />}
        </Field>
        <Field label="Degree" error={errors.degree?.message}>
          {(control) => <Input {...control} placeholder="PhD, EdD, MA, MSc..." {...form.register('degree')} />}
        </Field>
        <Field label="Field of Study" error={errors.fieldOfStudy?.message}>
          {(control) => <Input {...control} placeholder="e.g. Environmental History" {...form.register('fieldOfStudy')} />}
        </Field>
      </div>
      <Field label="Thesis/Dissertation Title" error={errors.thesisTitle?.message}>
        {(control) => <Input {...control} {...form.register('thesisTitle')} />}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Current Status" error={errors.currentStatus?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('currentStatus')}>
              <option value="" disabled>
                Choose one
              </option>
              {CONCIERGE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Target Publication Goal" optional error={errors.targetPublication?.message}>
          {(control) => <Input {...control} placeholder="e.g. Paperback and e-book by spring" {...form.register('targetPublication')} />}
        </Field>
      </div>
      <Field
        label="Additional Information"
        optional
        hint="Length, figures or tables, deadlines, anything we should know."
        error={errors.additionalInfo?.message}
      >
        {(control) => <Textarea {...control} rows={4} {...form.register('additionalInfo')} />}
      </Field>
      <Button type="submit" size="lg" className="w-full sm:w-auto sm:self-start">
        Continue to Payment <ArrowRight aria-hidden="true" />
      </Button>
    </form>
  );
}
