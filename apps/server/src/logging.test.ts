import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logging.ts';

describe('request logs', () => {
  const options = loggerOptions('info') as {
    serializers: { req: (req: object) => Record<string, unknown> };
    redact: { paths: string[] };
  };

  it('leave out the query string, where patient searches travel', () => {
    const logged = options.serializers.req({
      id: 'r1',
      method: 'GET',
      url: '/api/patients/?keyword=Watson&dob=1987-04-12',
    });
    expect(logged).toEqual({ id: 'r1', method: 'GET', path: '/api/patients/' });
    expect(JSON.stringify(logged)).not.toContain('Watson');
  });

  it('redact credentials and tokens', () => {
    expect(options.redact.paths).toEqual(
      expect.arrayContaining([
        'req.headers.authorization',
        'req.headers.cookie',
        '*.access_token',
        '*.refresh_token',
      ]),
    );
  });
});
