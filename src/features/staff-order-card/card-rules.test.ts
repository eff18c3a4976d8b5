import { describe, expect, it } from 'vitest';
import { ApiError, networkError } from '../../api/errors';
import { failureText } from '../../ui/write-form';
import { validateAmount } from './amount-form';
import { cardPermissions, moneyProblem, parseRubles, paymentLinkProblem } from './card-rules';
import { validateOtherDocument } from './other-document-form';
import { validatePaymentLink } from './payment-link-form';

const amount = { accusative: 'сумму заказа', nominative: 'Сумма заказа' };

describe('what staff type as money', () => {
  it('reads Russian amounts with spaces, a comma and kopecks', () => {
    expect(parseRubles('2 140,50')).toBe(2140.5);
    expect(parseRubles('2\u00a0140')).toBe(2140);
    expect(parseRubles('2140.5')).toBe(2140.5);
    expect(parseRubles('0')).toBe(0);
    expect(parseRubles('1 200 ₽')).toBe(1200);
  });

  it('refuses what is not rubles and kopecks', () => {
    for (const text of ['', 'abc', '12,345', '1.2.3', '-5', '1e3']) expect(parseRubles(text)).toBeNull();
  });

  it('says in Russian what is wrong with an amount', () => {
    expect(moneyProblem('', amount)).toBe('Введите сумму заказа');
    expect(moneyProblem('две тысячи', amount)).toBe(
      'Введите сумму заказа числом, например 2 140 или 2 140,50',
    );
    expect(moneyProblem('-100', amount)).toBe('Сумма заказа не может быть меньше нуля');
    expect(moneyProblem('100000001', amount)).toBe('Сумма заказа — не больше 100 000 000 ₽');
    expect(moneyProblem('2 140,50', amount)).toBeNull();
  });
});

describe('the forms’ validation', () => {
  it('the amount form names the field in error and lets an empty comment through', () => {
    expect(validateAmount({ amount: '', comment: '' })).toEqual({ 'card-amount': 'Введите сумму заказа' });
    expect(validateAmount({ amount: '1500', comment: '' })).toEqual({});
    expect(validateAmount({ amount: '1500', comment: 'x'.repeat(2001) })).toEqual({
      'card-amount-comment': 'Комментарий не длиннее 2000 символов',
    });
  });

  it('the other document form checks the price and the cost each', () => {
    expect(validateOtherDocument({ otherPrice: '', otherCost: 'abc' })).toEqual({
      'card-other-price': 'Введите цену для клиента',
      'card-other-cost': 'Введите себестоимость числом, например 2 140 или 2 140,50',
    });
    expect(validateOtherDocument({ otherPrice: '1800', otherCost: '900,50' })).toEqual({});
  });

  it('the payment link must be a whole https address', () => {
    expect(validatePaymentLink({ paymentUrl: ' ' })).toEqual({
      'card-payment-link': 'Введите ссылку на оплату',
    });
    expect(paymentLinkProblem('pay.example.ru/42')).toBe('Ссылка на оплату должна начинаться с https://');
    expect(paymentLinkProblem('http://pay.example.ru/42')).toBe(
      'Ссылка на оплату должна начинаться с https://',
    );
    expect(paymentLinkProblem('https://')).toBe('Введите ссылку целиком, например https://pay.example.ru/…');
    expect(paymentLinkProblem(`https://pay.example.ru/${'a'.repeat(2000)}`)).toBe(
      'Ссылка не длиннее 2000 символов',
    );
    expect(paymentLinkProblem(' https://pay.example.ru/invoice/2611-00042 ')).toBeNull();
  });
});

describe('who gets which control on the card', () => {
  it('an ADMIN gets everything', () => {
    expect(cardPermissions('ADMIN')).toEqual({
      seesCosts: true,
      changesAmount: true,
      editsPrices: true,
      uploadsSignedAct: true,
      deletes: true,
    });
  });

  it('a MANAGER sees the amount but does not set it, and does not delete', () => {
    expect(cardPermissions('MANAGER')).toEqual({
      seesCosts: true,
      changesAmount: false,
      editsPrices: true,
      uploadsSignedAct: true,
      deletes: false,
    });
  });

  it('a PARTNER and anyone else get no price control at all', () => {
    const none = {
      seesCosts: false,
      changesAmount: false,
      editsPrices: false,
      uploadsSignedAct: false,
      deletes: false,
    };
    expect(cardPermissions('PARTNER')).toEqual(none);
    expect(cardPermissions('USER')).toEqual(none);
    expect(cardPermissions(null)).toEqual(none);
  });
});

describe('why a write failed, as the card says it', () => {
  it('reads any 403 as «У вас нет прав…», whatever its body', () => {
    expect(failureText(new ApiError({ status: 403, code: 'FORBIDDEN', message: 'Forbidden' }))).toBe(
      'У вас нет прав на выполнение этого действия',
    );
  });

  it('says an unreached server kept nothing and the typed values stay', () => {
    expect(failureText(networkError(new TypeError('Failed to fetch')))).toBe(
      'Нет связи с сервером: изменение не сохранено. Введённое осталось в форме — отправьте ещё раз, когда появится сеть.',
    );
  });

  it('passes the server’s own reason through', () => {
    const paid = new ApiError({
      status: 409,
      code: 'CONFLICT',
      message: 'Сумму заказа можно менять только до оплаты, а заказ в статусе «Оплачен»',
    });
    expect(failureText(paid)).toBe('Сумму заказа можно менять только до оплаты, а заказ в статусе «Оплачен»');
  });
});
