/**
 * The `k` smallest of `values[0…n)`, ascending (all of them when k ≥ n):
 * one pass with a heap of k, so a page near the front of thousands of
 * matches costs a pass, not a sort. Values must be distinct.
 */
export function smallest(values: Float64Array, n: number, k: number): Float64Array {
  if (k >= n) return values.slice(0, n).sort();
  if (k <= 0) return new Float64Array(0);
  // A max-heap of the k smallest so far: its root is the one to beat.
  const heap = values.slice(0, k);
  for (let i = (k >>> 1) - 1; i >= 0; i--) siftDown(heap, i, k);
  for (let i = k; i < n; i++) {
    const v = values[i]!;
    if (v < heap[0]!) {
      heap[0] = v;
      siftDown(heap, 0, k);
    }
  }
  return heap.sort();
}

function siftDown(heap: Float64Array, from: number, size: number): void {
  let i = from;
  const v = heap[i]!;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= size) break;
    if (child + 1 < size && heap[child + 1]! > heap[child]!) child++;
    if (heap[child]! <= v) break;
    heap[i] = heap[child]!;
    i = child;
  }
  heap[i] = v;
}
