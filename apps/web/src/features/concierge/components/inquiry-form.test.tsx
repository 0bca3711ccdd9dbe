import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inquiry } from '../../../testing/concierge-fixtures.ts';
import { InquiryForm } from './inquiry-form.tsx';

function renderForm(initial?: typeof inquiry) {
  const onSubmit = vi.fn();
  render(<InquiryForm initial={initial} onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

const submit = () => screen.getByRole('button', { name: 'Continue to Payment' });

describe('InquiryForm (accounts spec sections 3 and 5)', () => {
  it('names every field, the optional ones marked so', () => {
    renderForm();
    for (const label of ['Full Name', 'Email', 'Degree', 'Field of Study', 'Thesis/Dissertation Title', 'Current Status']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    for (const label of ['Phone', 'Institution', 'Target Publication Goal', 'Additional Information']) {
      const control = screen.getByLabelText(new RegExp(`^${label}`));
      expect(document.querySelector(`label[for="${control.id}"]`)).toHaveTextContent(/\(optional\)$/);
    }
  });

  it('offers the four current statuses by readable labels', () => {
    renderForm();
    const select = screen.getByLabelText('Current Status');
    const options = within(select).getAllByRole('option').map((o) => [o.getAttribute('value'), o.textContent]);
    expect(options).toEqual([
      ['', 'Choose one'],
      ['completed', 'Completed and approved'],
      ['near-completion', 'Nearly complete'],
      ['defense-scheduled', 'Defense scheduled'],
      ['revisions', 'In revisions'],
    ]);
  });

  it('says what each required field needs, and sends nothing', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(submit());
    expect(await screen.findByText('Full Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Degree is required')).toBeInTheDocument();
    expect(screen.getByText('Field of Study is required')).toBeInTheDocument();
    expect(screen.getByText('Thesis/Dissertation Title is required')).toBeInTheDocument();
    expect(screen.getByText('Please choose the current status')).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Phone/)).not.toHaveAttribute('aria-invalid');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses an email address that is not one, and a name of spaces', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText('Full Name'), '   ');
    await user.type(screen.getByLabelText('Email'), 'ada@');
    await user.click(submit());
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Full Name is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the inquiry once the required fields are filled, trimmed, leaving out blank optional fields', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText('Full Name'), ' Ada Okafor ');
    await user.type(screen.getByLabelText('Email'), 'ada@university.edu');
    await user.type(screen.getByLabelText('Degree'), 'PhD');
    await user.type(screen.getByLabelText('Field of Study'), 'Environmental History');
    await user.type(screen.getByLabelText('Thesis/Dissertation Title'), 'Rivers of Salt');
    await user.selectOptions(screen.getByLabelText('Current Status'), 'Defense scheduled');
    await user.type(screen.getByLabelText(/^Target Publication Goal/), 'Paperback by May');
    await user.click(submit());
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Ada Okafor',
      email: 'ada@university.edu',
      degree: 'PhD',
      fieldOfStudy: 'Environmental History',
      thesisTitle: 'Rivers of Salt',
      currentStatus: 'defense-scheduled',
      targetPublication: 'Paperback by May',
    });
  });

  it('fills in an inquiry given to it', async () => {
    const { onSubmit, user } = renderForm(inquiry);
    expect(screen.getByLabelText('Thesis/Dissertation Title')).toHaveValue(inquiry.thesisTitle);
    expect(screen.getByLabelText('Current Status')).toHaveValue('defense-scheduled');
    await user.click(submit());
    expect(onSubmit).toHaveBeenCalledWith(inquiry);
  });
});
