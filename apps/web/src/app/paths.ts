/** Every console path, declared once (relative to the router's basename /app). */
export const PATHS = {
  index: '/',
  login: '/login',
} as const;

export const BASENAME = '/app';
