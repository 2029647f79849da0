import { act, fireEvent, render, screen } from '@testing-library/react';
import { Route } from 'wouter';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, Navigate, useLocation, useParams, useSearchParams } from './navigation';

afterEach(() => window.history.replaceState(null, '', '/'));

function Where() {
  const { pathname, search, state } = useLocation();
  return <output data-testid="where">{JSON.stringify({ pathname, search, state })}</output>;
}

const where = () => JSON.parse(screen.getByTestId('where').textContent ?? '{}') as unknown;

describe('navigation', () => {
  it('a link navigates in the page, keeping its state in history', () => {
    render(
      <>
        <Link to="/donativos?plot=A1" state={{ returnTo: '/' }}>
          map
        </Link>
        <Where />
      </>,
    );
    const before = window.history.length;
    fireEvent.click(screen.getByRole('link', { name: 'map' }));
    expect(where()).toEqual({
      pathname: '/donativos',
      search: '?plot=A1',
      state: { returnTo: '/' },
    });
    expect(window.history.length).toBe(before + 1);
  });

  it('a link that opens another tab, or a click with a modifier, leaves this page alone', () => {
    render(
      <>
        <Link to="/politica-privacidad" target="_blank">
          policy
        </Link>
        <Link to="/aviso-legal">legal</Link>
        <Where />
      </>,
    );
    const policy = screen.getByRole('link', { name: 'policy' });
    expect(policy.getAttribute('href')).toBe('/politica-privacidad');
    expect(policy.getAttribute('target')).toBe('_blank');
    fireEvent.click(policy);
    fireEvent.click(screen.getByRole('link', { name: 'legal' }), { ctrlKey: true });
    expect(where()).toMatchObject({ pathname: '/' });
  });

  it('Navigate replaces the entry and carries state', () => {
    const before = window.history.length;
    render(
      <>
        <Navigate to="/login" replace state={{ returnTo: '/donativos' }} />
        <Where />
      </>,
    );
    expect(where()).toEqual({ pathname: '/login', search: '', state: { returnTo: '/donativos' } });
    expect(window.history.length).toBe(before);
  });

  it('route parameters arrive decoded; search parameters follow the URL', () => {
    function Code() {
      const { code } = useParams();
      const search = useSearchParams();
      return (
        <p>
          {code}|{search.get('lang')}
        </p>
      );
    }
    window.history.replaceState(null, '', '/verificar/AB%20C%2F1?lang=ro');
    render(<Route path="/verificar/:code" component={Code} />);
    expect(screen.getByText('AB C/1|ro')).toBeTruthy();
    act(() => window.history.pushState(null, '', '/verificar/XY?lang=es'));
    expect(screen.getByText('XY|es')).toBeTruthy();
  });

  it('a malformed escape in a parameter is kept as it came', () => {
    function Code() {
      return <p>{useParams().code}</p>;
    }
    window.history.replaceState(null, '', '/verificar/%E0%A4%A');
    render(<Route path="/verificar/:code" component={Code} />);
    expect(screen.getByText('%E0%A4%A')).toBeTruthy();
  });
});
