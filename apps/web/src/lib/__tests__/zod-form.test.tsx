import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Button, MantineProvider, TextInput } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { PRESS_WITHOUT_CLICK_MS } from '../pointer-press.ts';
import { useZodForm } from '../zod-form.ts';

// A field's message shown as the field is left pushes the Save button down. Leaving the field by
// pressing Save must not move the button before the click completes (else the click lands on
// nothing): during a pointer press the blur's message waits for the click.

const schema = z.object({
  name: z.string().min(1, 'Name is required'),
  city: z.string().min(1, 'City is required'),
});

function Form({ onInvalid, onValid }: { onInvalid: () => void; onValid: () => void }) {
  const form = useZodForm(schema, { name: '', city: '' });
  return (
    <form onSubmit={form.onSubmit(onValid, onInvalid)} noValidate>
      <TextInput label="Name" key={form.key('name')} {...form.getInputProps('name')} />
      <TextInput
        label="City"
        key={form.key('city')}
        {...form.getInputProps('city')}
        // A form's own blur check (as the datasource and streamer forms do).
        onBlur={() => form.setFieldError('city', 'Checked on blur')}
      />
      <Button type="submit">Save</Button>
      <Button variant="default">Elsewhere</Button>
    </form>
  );
}

/** Save answered at once by the "server": its message for a field the press has just left. */
function AnsweredForm() {
  const form = useZodForm(schema, { name: '', city: '' });
  return (
    <form noValidate>
      <TextInput label="Name" key={form.key('name')} {...form.getInputProps('name')} />
      <Button onClick={() => form.setErrors({ name: 'That name is taken' })}>Save</Button>
    </form>
  );
}

function setup() {
  const onInvalid = vi.fn();
  const onValid = vi.fn();
  render(
    <MantineProvider env="test">
      <Form onInvalid={onInvalid} onValid={onValid} />
    </MantineProvider>,
  );
  return { onInvalid, onValid, user: userEvent.setup({ delay: null }) };
}

const name = () => screen.getByRole('textbox', { name: 'Name' });
const save = () => screen.getByRole('button', { name: 'Save' });

describe('useZodForm: messages shown as a field is left', () => {
  it('leaving a field with the keyboard shows its message at once', async () => {
    const { user } = setup();
    await user.type(name(), 'x');
    await user.clear(name());
    await user.tab();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
  });

  it('pressing Save keeps the message back until the click; the one click submits and shows every message', async () => {
    const { user, onInvalid, onValid } = setup();
    await user.type(name(), 'x');
    await user.clear(name());
    await user.pointer({ keys: '[MouseLeft>]', target: save() });
    // The press moved the focus (the field was left) but nothing moved on the page.
    expect(name()).not.toHaveFocus();
    expect(screen.queryByText('Name is required')).toBeNull();
    await user.pointer({ keys: '[/MouseLeft]', target: save() });
    expect(onInvalid).toHaveBeenCalledTimes(1);
    expect(onValid).not.toHaveBeenCalled();
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('City is required')).toBeInTheDocument();
  });

  it("a form's own blur check (setFieldError) waits for the click too", async () => {
    const { user } = setup();
    await user.click(screen.getByRole('textbox', { name: 'City' }));
    await user.pointer({ keys: '[MouseLeft>]', target: screen.getByRole('button', { name: 'Elsewhere' }) });
    expect(screen.queryByText('Checked on blur')).toBeNull();
    await user.pointer({ keys: '[/MouseLeft]', target: screen.getByRole('button', { name: 'Elsewhere' }) });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByText('Checked on blur')).toBeInTheDocument();
  });

  it("the server's messages set by the click stay: the left field's late check does not wipe them", async () => {
    render(
      <MantineProvider env="test">
        <AnsweredForm />
      </MantineProvider>,
    );
    const user = userEvent.setup({ delay: null });
    await user.type(name(), 'Ann');
    // The press leaves the field (its check waits), the click's answer names the same field.
    await user.click(save());
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByText('That name is taken')).toBeInTheDocument();
  });

  it('a press released without a click still shows the message', async () => {
    const { user } = setup();
    await user.type(name(), 'x');
    await user.clear(name());
    await user.pointer({ keys: '[MouseLeft>]', target: save() });
    // Released somewhere the press did not begin: no click follows.
    await act(async () => {
      window.dispatchEvent(new Event('pointerup'));
      await new Promise((resolve) => setTimeout(resolve, PRESS_WITHOUT_CLICK_MS + 50));
    });
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    await user.pointer({ keys: '[/MouseLeft]', target: save() });
  });
});

describe('every form of the console uses the shared form hook', () => {
  it("no module but lib/zod-form.ts calls Mantine's useForm", () => {
    const src = join(import.meta.dirname, '..', '..');
    const files = (function walk(dir: string): string[] {
      return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) return entry.name === '__tests__' ? [] : walk(path);
        return /\.tsx?$/.test(entry.name) ? [path] : [];
      });
    })(src);
    const own = files.filter((file) => {
      const text = readFileSync(file, 'utf8');
      return /\buseForm\b/.test(text) && /from '@mantine\/form'/.test(text);
    });
    expect(own.map((file) => relative(src, file))).toEqual(['lib/zod-form.ts']);
  });
});
