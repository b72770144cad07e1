import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorPage } from '../components/error-page.tsx';

const renderPage = (status: number, message: string) =>
  render(
    <MantineProvider>
      <ErrorPage status={status} message={message} />
    </MantineProvider>,
  );

describe('ErrorPage', () => {
  it("shows the spec's 404 title and message with a Home page link", () => {
    renderPage(404, 'This page could not be found');
    expect(screen.getByRole('heading', { name: 'Page not found - 404' })).toBeInTheDocument();
    expect(screen.getByText('This page could not be found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home page' })).toHaveAttribute(
      'href',
      '/app/login?refresh=true',
    );
  });

  it('shows the status of any other error', () => {
    renderPage(503, 'Service Unavailable');
    expect(screen.getByRole('heading', { name: 'Sorry!! Something Went Wrong - 503' })).toBeInTheDocument();
  });
});
