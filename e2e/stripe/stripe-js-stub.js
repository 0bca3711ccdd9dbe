/* global window, document */
/**
 * A stand-in for Stripe.js (`https://js.stripe.com/clover/stripe.js`) in browser tests, where there is no internet.
 * `route-stripe-js.ts` serves it in place of the real script, with `__FAKE_STRIPE_URL__` replaced by the fake
 * Stripe's URL (apps/server/test/stripe/fake-stripe.ts).
 *
 * It defines `window.Stripe(publishableKey, options)` with what `@stripe/stripe-js` (`loadStripe`) and
 * `@stripe/react-stripe-js` (`<Elements>`, `<PaymentElement>`, `useStripe`, `useElements`) use:
 * - `loadStripe` waits for the script's load event and reads `window.Stripe` (and its `version`, 'clover', to
 *   match @stripe/stripe-js 8.x), then calls it as a plain function and `_registerWrapper` on the result;
 * - react-stripe-js accepts the instance only if `elements`, `createToken`, `createPaymentMethod` and
 *   `confirmCardPayment` are functions, then calls `elements(options)`, `elements.update`, `elements.create(type)`,
 *   `element.mount(div)`, `element.on/off(event, fn)`, `element.update`, `element.destroy`, `registerAppInfo`.
 *
 * The Payment Element is a small visible form ("Test payment form", an input labelled "Card number" prefilled
 * with 4242 4242 4242 4242). `stripe.confirmPayment` asks the fake's `POST /_test/confirm` to succeed the payment
 * intent behind the client secret given to `elements()` (or to confirmPayment), or to decline it when the card
 * number is 4000 0000 0000 0002; the fake delivers the webhooks before it answers. On success it redirects to
 * `return_url` with Stripe's query parameters, or with `redirect: 'if_required'` resolves `{ paymentIntent }`.
 * Calls are recorded on `window.__fakeStripeJs` for debugging.
 */
(function installFakeStripeJs() {
  const FAKE_STRIPE_URL = '__FAKE_STRIPE_URL__';
  /** @stripe/stripe-js 8.x expects this release train and warns otherwise. */
  const RELEASE_TRAIN = 'clover';
  const SUCCESS_CARD = '4242 4242 4242 4242';
  const DECLINE_CARD = '4000 0000 0000 0002';

  const registry = { instances: [], wrappers: [], appInfo: [], confirmations: [] };
  let nextInputId = 1;

  /** Card number without spaces, for comparing what was typed. */
  function digitsOf(value) {
    return String(value).replace(/\D/g, '');
  }

  /** Stripe.js throws IntegrationError for programming mistakes; an Error with that name does here. */
  function integrationError(message) {
    const error = new Error(message);
    error.name = 'IntegrationError';
    return error;
  }

  /** The `{ error }` Stripe.js resolves with for a method this stub does not implement. */
  function unsupported(method) {
    return Promise.resolve({
      error: { type: 'invalid_request_error', message: `The Stripe.js stub does not implement ${method}.` },
    });
  }

  /** Listeners of one element or group: `on`, `once`, `off`, `emit`. */
  function createListeners() {
    const byEvent = new Map();
    return {
      on(event, handler) {
        if (!byEvent.has(event)) byEvent.set(event, new Set());
        byEvent.get(event).add(handler);
      },
      off(event, handler) {
        if (handler === undefined) byEvent.delete(event);
        else byEvent.get(event)?.delete(handler);
      },
      emit(event, payload) {
        for (const handler of [...(byEvent.get(event) ?? [])]) handler(payload);
      },
      clear() {
        byEvent.clear();
      },
    };
  }

  /** The visible fake card form: a note and a labelled card number input. */
  function renderCardForm() {
    const id = `fake-stripe-card-number-${nextInputId++}`;
    const container = document.createElement('div');
    container.dataset.testid = 'fake-stripe-payment-element';
    container.style.cssText = 'border:1px dashed #8a8a8a;border-radius:6px;padding:12px;font:14px system-ui,sans-serif;';
    const note = document.createElement('p');
    note.textContent = 'Test payment form';
    note.style.cssText = 'margin:0 0 8px;color:#555;';
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = 'Card number';
    label.style.cssText = 'display:block;margin-bottom:4px;';
    const input = document.createElement('input');
    input.id = id;
    input.name = 'cardnumber';
    input.autocomplete = 'off';
    input.inputMode = 'numeric';
    input.value = SUCCESS_CARD;
    input.dataset.fakeStripeCardNumber = '';
    input.style.cssText = 'width:100%;box-sizing:border-box;padding:6px;font:inherit;';
    container.append(note, label, input);
    return { container, input };
  }

  /** The change event payload: complete once the card number has at least 12 digits. */
  function changeEvent(elementType, input) {
    const digits = digitsOf(input ? input.value : '');
    return { elementType, empty: digits === '', complete: digits.length >= 12, collapsed: false, value: { type: 'card' } };
  }

  /**
   * An element of `type`. 'payment' shows the card form; any other type (address, linkAuthentication, ...) mounts
   * an empty placeholder, so pages that use them still render.
   */
  function createElement(type, options, onDestroy) {
    const listeners = createListeners();
    const state = { options: { ...(options ?? {}) }, container: null, input: null, destroyed: false };
    const element = {
      mount(target) {
        if (state.destroyed) throw integrationError('This Element has already been destroyed. Please create a new one.');
        const node = typeof target === 'string' ? document.querySelector(target) : target;
        if (!node) throw integrationError(`The selector you specified (${target}) applies to no DOM elements.`);
        if (type === 'payment') {
          const form = renderCardForm();
          form.input.addEventListener('input', () => listeners.emit('change', changeEvent(type, form.input)));
          form.input.addEventListener('focus', () => listeners.emit('focus', { elementType: type }));
          form.input.addEventListener('blur', () => listeners.emit('blur', { elementType: type }));
          state.container = form.container;
          state.input = form.input;
        } else {
          state.container = document.createElement('div');
          state.container.dataset.testid = `fake-stripe-${type}-element`;
        }
        node.appendChild(state.container);
        // Stripe's iframes load asynchronously; react-stripe-js attaches listeners after mount, so fire later.
        setTimeout(() => {
          if (state.destroyed || !state.container) return;
          listeners.emit('ready', { elementType: type });
          if (type === 'payment') listeners.emit('change', changeEvent(type, state.input));
        }, 0);
        return element;
      },
      unmount() {
        state.container?.remove();
        state.container = null;
        state.input = null;
        return element;
      },
      destroy() {
        element.unmount();
        state.destroyed = true;
        listeners.clear();
        onDestroy();
      },
      on(event, handler) {
        listeners.on(event, handler);
        return element;
      },
      once(event, handler) {
        const wrapped = (payload) => {
          listeners.off(event, wrapped);
          handler(payload);
        };
        listeners.on(event, wrapped);
        return element;
      },
      off(event, handler) {
        listeners.off(event, handler);
        return element;
      },
      update(updates) {
        Object.assign(state.options, updates ?? {});
        return element;
      },
      focus() {
        state.input?.focus();
        return element;
      },
      blur() {
        state.input?.blur();
        return element;
      },
      clear() {
        if (state.input) state.input.value = '';
        if (type === 'payment') listeners.emit('change', changeEvent(type, state.input));
        return element;
      },
      collapse() {
        return element;
      },
      /** Stub only: the card number in the form ('' when unmounted). */
      _cardNumber() {
        return state.input ? state.input.value : '';
      },
      /** Stub only: true while mounted. */
      _isMounted() {
        return state.container !== null;
      },
    };
    return element;
  }

  /** An Elements group for `options` (`clientSecret`, `appearance`, `mode`, `amount`, `currency`, ...). */
  function createElements(options) {
    const state = { options: { ...(options ?? {}) }, byType: new Map(), submitted: false };
    const listeners = createListeners();
    const group = {
      create(type, elementOptions) {
        if (state.byType.has(type)) throw integrationError(`Can only create one Element of type ${type}.`);
        const element = createElement(type, elementOptions, () => state.byType.delete(type));
        state.byType.set(type, element);
        return element;
      },
      getElement(type) {
        return state.byType.get(type) ?? null;
      },
      update(updates) {
        // clientSecret cannot change after creation, as in Stripe.js (react-stripe-js never sends it here).
        const { clientSecret: _ignored, ...rest } = updates ?? {};
        Object.assign(state.options, rest);
        return group;
      },
      fetchUpdates() {
        return Promise.resolve({});
      },
      /** Validates the Payment Element as Stripe.js does before a deferred-intent confirmation. */
      submit() {
        const payment = state.byType.get('payment');
        if (!payment || !payment._isMounted()) {
          return Promise.resolve({ error: { type: 'validation_error', message: 'No Payment Element is mounted.' } });
        }
        if (digitsOf(payment._cardNumber()).length < 12) {
          return Promise.resolve({ error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } });
        }
        state.submitted = true;
        return Promise.resolve({});
      },
      on(event, handler) {
        listeners.on(event, handler);
        return group;
      },
      off(event, handler) {
        listeners.off(event, handler);
        return group;
      },
      /** Stub only: the client secret given to `stripe.elements()`. */
      _clientSecret() {
        return state.options.clientSecret;
      },
      /** Stub only: whether `submit()` passed. */
      _submitted() {
        return state.submitted;
      },
    };
    return group;
  }

  /** Asks the fake to settle the payment intent behind `clientSecret`: `{ status, paymentIntentId }` or `{ error }`. */
  async function confirmAtFake(clientSecret, outcome) {
    registry.confirmations.push({ clientSecret, outcome });
    try {
      const response = await fetch(`${FAKE_STRIPE_URL}/_test/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientSecret, outcome }),
      });
      return await response.json();
    } catch (err) {
      return { error: { type: 'api_connection_error', message: `Fake Stripe unreachable: ${String(err)}` } };
    }
  }

  /** 'failed' for the decline test card, 'succeeded' for anything else. */
  function outcomeFor(cardNumber) {
    return digitsOf(cardNumber) === digitsOf(DECLINE_CARD) ? 'failed' : 'succeeded';
  }

  /** `return_url` with the query Stripe appends after a redirect-based confirmation. */
  function returnUrlWith(returnUrl, paymentIntentId, clientSecret) {
    const query = new URLSearchParams({
      payment_intent: paymentIntentId,
      payment_intent_client_secret: clientSecret,
      redirect_status: 'succeeded',
    });
    return `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}${query}`;
  }

  /**
   * `stripe.confirmPayment({ elements, clientSecret?, confirmParams: { return_url }, redirect? })`: declined →
   * `{ error: card_error }`; succeeded → redirect to return_url (a promise that never settles, as the page
   * unloads) or, with `redirect: 'if_required'`, `{ paymentIntent: { id, status: 'succeeded', ... } }`.
   */
  async function confirmPayment(params) {
    const { elements, confirmParams, redirect = 'always' } = params ?? {};
    const returnUrl = confirmParams?.return_url;
    if (redirect !== 'if_required' && !returnUrl) {
      throw integrationError("confirmPayment(): the `confirmParams.return_url` argument is required unless passing `redirect: 'if_required'`");
    }
    const clientSecret = params?.clientSecret ?? elements?._clientSecret();
    if (!clientSecret) throw integrationError('confirmPayment(): no clientSecret: pass it to elements() or to confirmPayment().');
    if (params?.clientSecret && elements && !elements._submitted()) {
      throw integrationError('elements.submit() must be called before stripe.confirmPayment().');
    }
    const payment = elements?.getElement('payment');
    const result = await confirmAtFake(clientSecret, outcomeFor(payment ? payment._cardNumber() : SUCCESS_CARD));
    if (result.error) return { error: result.error };
    const paymentIntent = { id: result.paymentIntentId, object: 'payment_intent', status: result.status, client_secret: clientSecret };
    if (redirect === 'if_required') return { paymentIntent };
    window.location.assign(returnUrlWith(returnUrl, result.paymentIntentId, clientSecret));
    return new Promise(() => {});
  }

  /** `stripe.confirmCardPayment(clientSecret)`: like confirmPayment without redirect, reading the mounted form. */
  async function confirmCardPayment(clientSecret) {
    const input = document.querySelector('[data-fake-stripe-card-number]');
    const result = await confirmAtFake(clientSecret, outcomeFor(input ? input.value : SUCCESS_CARD));
    if (result.error) return { error: result.error };
    return { paymentIntent: { id: result.paymentIntentId, object: 'payment_intent', status: result.status, client_secret: clientSecret } };
  }

  /** `stripe.retrievePaymentIntent(clientSecret)`: `{ paymentIntent }` as the fake has it now, or `{ error }`. */
  async function retrievePaymentIntent(clientSecret) {
    try {
      const response = await fetch(`${FAKE_STRIPE_URL}/_test/payment_intents?client_secret=${encodeURIComponent(clientSecret)}`);
      const body = await response.json();
      return response.ok ? { paymentIntent: body } : { error: body.error };
    } catch (err) {
      return { error: { type: 'api_connection_error', message: `Fake Stripe unreachable: ${String(err)}` } };
    }
  }

  /** `window.Stripe(publishableKey, options)`; called without `new` by @stripe/stripe-js. */
  function Stripe(publishableKey, options) {
    if (typeof publishableKey !== 'string' || publishableKey === '') {
      throw integrationError('Please call Stripe() with your publishable key. You used an empty string.');
    }
    if (publishableKey.startsWith('sk_')) throw integrationError('You should not use your secret key with Stripe.js.');
    const instance = {
      elements: (elementsOptions) => createElements(elementsOptions),
      confirmPayment,
      confirmCardPayment,
      retrievePaymentIntent,
      createToken: () => unsupported('createToken'),
      createPaymentMethod: () => unsupported('createPaymentMethod'),
      confirmSetup: () => unsupported('confirmSetup'),
      handleNextAction: () => unsupported('handleNextAction'),
      _registerWrapper: (wrapper) => {
        registry.wrappers.push(wrapper);
      },
      registerAppInfo: (info) => {
        registry.appInfo.push(info);
      },
    };
    registry.instances.push({ publishableKey, options: options ?? {} });
    return instance;
  }
  Stripe.version = RELEASE_TRAIN;

  window.Stripe = Stripe;
  window.__fakeStripeJs = registry;
})();
