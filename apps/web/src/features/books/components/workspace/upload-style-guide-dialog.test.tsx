import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StyleGuideTemplate } from '@quire/contracts';
import { apaGuide } from '../../../../testing/format-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { UpgradeOfferProvider } from '../../../../components/upgrade-offer-slot.tsx';
import { UploadStyleGuideDialog } from './upload-style-guide-dialog.tsx';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

const uploaded: StyleGuideTemplate = {
  ...apaGuide,
  id: 'a8f1c2d3-3333-4c2b-9a0e-5d1c2b3a4f5e',
  name: 'Graduate Thesis Guidelines',
  styleGuide: 'Thesis',
  university: 'University of Leeds',
  isBuiltIn: false,
  originalFileName: 'thesis-guidelines.pdf',
  findings: {
    found: ['Margins: 1.5 in on the binding edge ("a left margin of 1.5 inches", page 4)', 'Font: Times New Roman, 12 pt'],
    defaulted: ['Paragraph indent: 0.5 in (default)'],
  },
};

function pdf(name = 'thesis-guidelines.pdf', bytes = 2048): File {
  return new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Upload Style Guide' }));
  return screen.findByRole('dialog', { name: 'Upload a style guide' });
}

describe('UploadStyleGuideDialog', () => {
  it('offers .pdf, .doc and .docx only, and refuses a dropped text file before sending anything', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<UploadStyleGuideDialog onUploaded={() => {}} />);
    const dialog = await openDialog(user);
    const input = within(dialog).getByLabelText('Style guide document');
    expect(input).toHaveAttribute('accept', '.pdf,.doc,.docx');
    await user.upload(input, new File(['rules'], 'rules.txt', { type: 'text/plain' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please choose a PDF or Word document (.pdf, .doc or .docx).');
    expect(within(dialog).getByRole('button', { name: 'Upload Style Guide' })).toBeDisabled();
    await user.upload(input, pdf('big.pdf', 10 * 1024 * 1024 + 1));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The file is too large. Please use files smaller than 10MB.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads the file with the name and university as multipart, shows the pending label, then what was found', async () => {
    let answer: (r: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const onUploaded = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<UploadStyleGuideDialog onUploaded={onUploaded} />);
    const dialog = await openDialog(user);
    await user.upload(within(dialog).getByLabelText('Style guide document'), pdf());
    expect(within(dialog).getByText('thesis-guidelines.pdf')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Graduate Thesis Guidelines');
    await user.type(within(dialog).getByRole('textbox', { name: /University/ }), 'University of Leeds');
    await user.click(within(dialog).getByRole('button', { name: 'Upload Style Guide' }));

    expect(await within(dialog).findByRole('button', { name: 'Reading the guide...' })).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/style-guides');
    expect(init.method).toBe('POST');
    const form = init.body as FormData;
    expect([...form.keys()]).toEqual(['name', 'university', 'file']);
    expect(form.get('university')).toBe('University of Leeds');
    expect((form.get('file') as File).name).toBe('thesis-guidelines.pdf');

    answer(jsonResponse(201, uploaded));
    const added = await screen.findByRole('dialog', { name: 'Style guide added' });
    expect(within(added).getByRole('list', { name: 'Requirements found' })).toHaveTextContent('Margins: 1.5 in on the binding edge');
    expect(within(added).getByRole('list', { name: 'Requirements kept at defaults' })).toHaveTextContent('Paragraph indent: 0.5 in (default)');
    expect(within(added).getByText(/is in your Academic list/)).toHaveTextContent('Graduate Thesis Guidelines (University of Leeds) is in your Academic list.');
    expect(onUploaded).toHaveBeenCalledWith(uploaded);
    await user.click(within(added).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the server message when the guide cannot be read, and keeps the form', async () => {
    fetchMock.mockResolvedValue(jsonResponse(422, { message: 'No text could be read from the document.' }));
    const user = userEvent.setup();
    renderWithProviders(<UploadStyleGuideDialog onUploaded={() => {}} />);
    const dialog = await openDialog(user);
    await user.upload(within(dialog).getByLabelText('Style guide document'), pdf('scan.pdf'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload Style Guide' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Upload failed. No text could be read from the document.');
    expect(within(dialog).getByText('scan.pdf')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload Style Guide' })).toBeEnabled();
  });

  it("shows the page's upgrade offer instead of the plain error when the upload is refused for the plan", async () => {
    const refusal = { message: 'Style-guide upload is in the Premium and Publisher plans.', upgrade: { reason: 'feature', feature: 'style-guide-upload', plans: ['premium', 'publisher'], documentPurchase: false } };
    fetchMock.mockResolvedValue(jsonResponse(403, refusal));
    const user = userEvent.setup();
    renderWithProviders(
      <UpgradeOfferProvider render={(offer) => <p role="alert">Offer for {offer.bookId}: {offer.message} ({offer.offer.plans.join(', ')})</p>}>
        <UploadStyleGuideDialog onUploaded={() => {}} bookId="b1" />
      </UpgradeOfferProvider>,
    );
    const dialog = await openDialog(user);
    await user.upload(within(dialog).getByLabelText('Style guide document'), pdf());
    await user.click(within(dialog).getByRole('button', { name: 'Upload Style Guide' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Offer for b1: Style-guide upload is in the Premium and Publisher plans. (premium, publisher)',
    );
    expect(within(dialog).queryByText(/Upload failed/)).not.toBeInTheDocument();
  });
});
