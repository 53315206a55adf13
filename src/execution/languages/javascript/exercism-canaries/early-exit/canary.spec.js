import { value } from '../../runtimes/canary';

test('value', () => {
  expect(value()).toBe(2);
});
