/**
 * The cabinet's view of the contract: each type is read off the answer of the operation that
 * delivers it, so a change to the customer schemas in openapi.yaml shows up here as a compile error.
 */
import type { GetData } from '../../api/use-cached-query';

export type MyOrderPage = GetData<'/api/user/orders'>;
export type MyOrderSummary = MyOrderPage['items'][number];
export type MyOrderDetail = GetData<'/api/user/orders/{id}'>;
export type MyOrder = MyOrderDetail['order'];
export type StatusChange = MyOrderDetail['history'][number];
export type Place = NonNullable<MyOrder['place']>;
export type NotificationPage = GetData<'/api/user/notifications'>;
export type CabinetNotification = NotificationPage['items'][number];
export type InvoicePage = GetData<'/api/user/invoices'>;
export type Invoice = InvoicePage['items'][number];
export type Organization = NonNullable<GetData<'/api/user/organization'>['organization']>;
