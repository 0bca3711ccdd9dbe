import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { DemoToggleSection } from './demo-toggle.tsx';

function renderDemoToggle() {
  renderWithProviders(<DemoToggleSection />);
  return { user: userEvent.setup(), toggle: screen.getByRole('button', { name: 'View Demo' }) };
}

const demoTitle = () => screen.queryByRole('heading', { name: 'From a library text to a printed book' });

describe('DemoToggleSection', () => {
  it('opens the demo from its toggle, moving focus into it, and closes it back onto the toggle', async () => {
    const { user, toggle } = renderDemoToggle();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The toggle names an element that is in the page even while the demo is closed.
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).not.toBeNull();
    expect(demoTitle()).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The demo loads on first use.
    await waitFor(() => expect(demoTitle()).toHaveFocus());
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(demoTitle());

    await user.click(screen.getByRole('button', { name: 'Close demo' }));
    expect(demoTitle()).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the toggle', async () => {
    const { user, toggle } = renderDemoToggle();
    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(demoTitle()).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('moves through Import, Clean, Format and Export with Next and Back, each step showing its example', async () => {
    const { user, toggle } = renderDemoToggle();
    await user.click(toggle);
    const next = screen.getByRole('button', { name: /Next/ });
    const back = screen.getByRole('button', { name: /Back/ });

    expect(screen.getByRole('tab', { name: /Import/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Step 1 of 4: Import')).toBeVisible();
    expect(screen.getByText('https://www.gutenberg.org/cache/epub/1342/pg1342.txt')).toBeInTheDocument();
    expect(back).toHaveAttribute('aria-disabled', 'true');

    await user.click(next);
    expect(screen.getByRole('tab', { name: /Clean/ })).toHaveAttribute('aria-selected', 'true');
    const clean = screen.getByRole('tabpanel');
    expect(within(clean).getByText('Step 2 of 4: Clean')).toBeInTheDocument();
    expect(within(clean).getByText('hard-wrapped paragraphs joined into one line').previousElementSibling).toHaveTextContent('1,736');

    await user.click(next);
    expect(within(screen.getByRole('tabpanel')).getByRole('img', { name: /first page of Chapter I/ })).toHaveAttribute(
      'src',
      '/landing/chapter-one-opening.webp',
    );

    await user.click(next);
    expect(within(screen.getByRole('tabpanel')).getByText('Pride_and_Prejudice.epub')).toBeInTheDocument();
    expect(next).toHaveAttribute('aria-disabled', 'true');
    // Next at the last step stays put (and keeps focus, unlike a disabled button).
    await user.click(next);
    expect(screen.getByRole('tab', { name: /Export/ })).toHaveAttribute('aria-selected', 'true');

    await user.click(back);
    expect(screen.getByRole('tab', { name: /Format/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('lets a keyboard user choose a step with the arrow keys', async () => {
    const { user, toggle } = renderDemoToggle();
    await user.click(toggle);
    // From the demo's title, past its close control, to the steps.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close demo' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('tab', { name: /Import/ })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: /Format/ })).toHaveFocus();
    expect(screen.getByRole('tab', { name: /Format/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Step 3 of 4: Format')).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(screen.getByText('Step 4 of 4: Export')).toBeInTheDocument();
  });

  it("sends a visitor to /register from 'Start Your Project Now'", async () => {
    const { user, toggle } = renderDemoToggle();
    await user.click(toggle);
    expect(screen.getByRole('link', { name: /Start Your Project Now/ })).toHaveAttribute('href', '/register');
  });
});
