import { formatINR, paiseToRupees, SANDBOX_BANKS, SANDBOX_CARDS, SANDBOX_UPI } from '@bazaar/shared';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sandbox's payment page, opened by the storefront in a frame over the checkout the way Razorpay's
 * checkout opens: the shop's name, the amount, UPI, card and net banking forms with the test values. Its script talks to
 * the page that opened it with postMessage, as Razorpay's checkout calls its handler.
 */
export function sandboxPage(page: { shopName: string; orderId: string; amountPaise: number; paid: boolean }) {
  const amount = formatINR(paiseToRupees(page.amountPaise));
  const banks = Object.entries(SANDBOX_BANKS)
    .map(([code, name]) => `<option value="${code}">${esc(name)}</option>`)
    .join('');
  const form = page.paid
    ? '<p class="note" role="status">This order is already paid.</p>'
    : `<form id="pay" novalidate>
  <fieldset class="methods">
    <legend>Pay with</legend>
    <label><input type="radio" name="method" value="upi" checked> UPI</label>
    <label><input type="radio" name="method" value="card"> Card</label>
    <label><input type="radio" name="method" value="netbanking"> Net banking</label>
  </fieldset>
  <div data-method="upi">
    <label>UPI ID<input name="vpa" autocomplete="off" autocapitalize="none" spellcheck="false" placeholder="${SANDBOX_UPI.success}"></label>
    <p class="cards">Test UPI IDs: <strong>${SANDBOX_UPI.success}</strong> is paid, <strong>${SANDBOX_UPI.failure}</strong> fails.</p>
  </div>
  <div data-method="card" hidden>
    <label>Card number<input name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4111 1111 1111 1111"></label>
    <div class="row">
      <label>Expiry (MM/YY)<input name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="12/30"></label>
      <label>CVV<input name="cvv" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4"></label>
    </div>
    <label>Name on card<input name="name" autocomplete="cc-name"></label>
    <p class="cards">Test cards: <strong>${SANDBOX_CARDS.success}</strong> is paid, <strong>${SANDBOX_CARDS.declined}</strong> is declined. Any future expiry and any 3-digit CVV.</p>
  </div>
  <div data-method="netbanking" hidden>
    <label>Bank<select name="bank">${banks}</select></label>
    <label class="check"><input type="checkbox" name="refuse"> Refuse the payment at the bank (to try a failure)</label>
  </div>
  <p id="error" class="error" role="alert" hidden></p>
  <button type="submit" id="submit">Pay ${esc(amount)}</button>
</form>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${esc(amount)} to ${esc(page.shopName)} (test payment)</title>
<style>
  body { margin: 0; font: 15px/1.45 system-ui, sans-serif; color: #111827; background: #fff; }
  main { max-width: 380px; margin: 0 auto; padding: 20px; }
  header { display: flex; justify-content: space-between; align-items: start; gap: 12px; }
  h1 { font-size: 18px; margin: 0; }
  .amount { font-size: 26px; font-weight: 700; margin: 8px 0 4px; }
  .badge { display: inline-block; background: #fef3c7; color: #78350f; border-radius: 4px; padding: 2px 8px; font-size: 13px; }
  label { display: block; margin-top: 12px; font-weight: 600; font-size: 14px; }
  fieldset.methods { border: 0; padding: 0; margin: 16px 0 0; display: flex; gap: 16px; flex-wrap: wrap; }
  fieldset.methods legend { font-weight: 600; font-size: 14px; padding: 0; margin-bottom: 4px; }
  fieldset.methods label, label.check { display: flex; gap: 6px; align-items: center; margin-top: 0; }
  label.check { margin-top: 12px; font-weight: 400; }
  fieldset.methods input, label.check input { width: auto; margin: 0; }
  select { display: block; box-sizing: border-box; width: 100%; margin-top: 4px; padding: 10px; border: 1px solid #6b7280; border-radius: 6px; font: inherit; background: #fff; }
  input { display: block; box-sizing: border-box; width: 100%; margin-top: 4px; padding: 10px; border: 1px solid #6b7280; border-radius: 6px; font: inherit; }
  .row { display: flex; gap: 12px; } .row label { flex: 1; }
  button { margin-top: 16px; width: 100%; padding: 12px; border: 0; border-radius: 6px; background: #1d4ed8; color: #fff; font: inherit; font-weight: 700; cursor: pointer; }
  button[disabled] { opacity: .6; cursor: wait; }
  .close { width: auto; margin: 0; padding: 6px 10px; background: #f3f4f6; color: #111827; font-weight: 600; }
  .error { color: #b91c1c; font-weight: 600; } .note { color: #374151; }
  .cards { margin-top: 16px; font-size: 13px; color: #374151; }
</style>
</head>
<body>
<main data-order-id="${esc(page.orderId)}">
  <header>
    <div>
      <h1>${esc(page.shopName)}</h1>
      <p class="amount">${esc(amount)}</p>
      <span class="badge">Test payment: no money is taken</span>
    </div>
    <button type="button" class="close" id="close">Close</button>
  </header>
  ${form}
</main>
<script src="/api/payments/sandbox/checkout.js"></script>
</body>
</html>`;
}

/** The page's script (served from the shop, so the strict CSP's script-src 'self' allows it). */
export const SANDBOX_SCRIPT = `(() => {
  const main = document.querySelector('main');
  const orderId = main.dataset.orderId;
  const target = window.parent !== window ? window.parent : window.opener;
  const tell = (message) => { if (target) target.postMessage({ source: 'bazaar-sandbox', ...message }, location.origin); };
  document.getElementById('close').addEventListener('click', () => tell({ type: 'dismiss' }));
  const form = document.getElementById('pay');
  if (!form) return;
  const error = document.getElementById('error');
  const method = () => form.elements.method.value;
  const show = () => {
    for (const part of form.querySelectorAll('[data-method]')) part.hidden = part.dataset.method !== method();
  };
  for (const radio of form.elements.method) radio.addEventListener('change', show);
  show();
  const submit = document.getElementById('submit');
  const label = submit.textContent;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.hidden = true;
    submit.disabled = true;
    submit.textContent = 'Processing…';
    const data = Object.fromEntries(new FormData(form));
    try {
      const response = await fetch('/api/payments/sandbox/pay', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(
          data.method === 'upi'
            ? { orderId, method: 'upi', vpa: data.vpa }
            : data.method === 'netbanking'
              ? { orderId, method: 'netbanking', bank: data.bank, approve: !data.refuse }
              : { orderId, method: 'card', cardNumber: data.cardNumber, expiry: data.expiry, cvv: data.cvv, name: data.name || undefined },
        ),
      });
      const reply = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(reply.message || 'The payment could not be made.');
      if (reply.status === 'captured') {
        submit.textContent = 'Paid';
        const { status, ...result } = reply;
        tell({ type: 'success', result });
        return;
      }
      tell({ type: 'failed', error: reply.error });
      throw new Error((reply.error && reply.error.description) || 'Payment failed.');
    } catch (e) {
      error.textContent = e.message;
      error.hidden = false;
      submit.disabled = false;
      submit.textContent = label;
    }
  });
})();
`;
