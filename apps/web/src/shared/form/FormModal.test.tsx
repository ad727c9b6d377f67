import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Button, ConfigProvider, Form, Input } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormModal } from './FormModal';

// The shared dialog with a form: OK validates and hands over the values; each opening starts from initialValues.
const SLOW = { timeout: 15_000 };

function Harness({ onFinish, motion }: { onFinish: (v: { name: string }) => void; motion: boolean }) {
  const [opening, setOpening] = useState<string | null>(null);
  const [form] = Form.useForm<{ name: string }>();
  return (
    <ConfigProvider theme={{ token: { motion } }}>
      <App>
        <Button onClick={() => setOpening('first')}>open first</Button>
        <Button onClick={() => setOpening('second')}>open second</Button>
        <FormModal<{ name: string }>
          open={opening !== null}
          title="Rename"
          form={form}
          name="rename"
          initialValues={{ name: opening ?? '' }}
          okText="Rename it"
          onClose={() => setOpening(null)}
          onFinish={(v) => {
            onFinish(v);
            setOpening(null);
          }}
        >
          <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Name is required' }]}>
            <Input />
          </Form.Item>
        </FormModal>
      </App>
    </ConfigProvider>
  );
}

describe('FormModal', () => {
  it('checks the fields before OK hands over the values', SLOW, async () => {
    const onFinish = vi.fn();
    render(<Harness onFinish={onFinish} motion={false} />);
    fireEvent.click(screen.getByText('open first'));
    const input = await screen.findByRole('textbox', { name: 'Name' });
    expect((input as HTMLInputElement).value).toBe('first');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename it' }));
    await screen.findByText('Name is required');
    expect(onFinish).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'renamed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename it' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ name: 'renamed' }));
  });

  it('starts a reopening from its initialValues, even before the closing animation ended', SLOW, async () => {
    const onFinish = vi.fn();
    // With motion the closed dialog's content stays mounted (jsdom never ends the leave animation).
    render(<Harness onFinish={onFinish} motion />);
    fireEvent.click(screen.getByText('open first'));
    const input = await screen.findByRole('textbox', { name: 'Name' });
    fireEvent.change(input, { target: { value: 'typed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByText('open second'));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('second'));
  });
});
