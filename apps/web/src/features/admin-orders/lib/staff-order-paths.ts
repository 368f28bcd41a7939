import { Routes } from '@bookshop/contracts/routes';

export const adminOrderPath = (id: number) => Routes.adminOrder.replace(':id', String(id));
