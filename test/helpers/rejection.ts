/** What `promise` rejects with; fails the test when it resolves. `T` is what the caller expects it to be. */
export async function rejection<T = unknown>(promise: Promise<unknown>): Promise<T> {
  try {
    await promise;
  } catch (error) {
    return error as T;
  }
  throw new Error('expected the call to fail');
}
