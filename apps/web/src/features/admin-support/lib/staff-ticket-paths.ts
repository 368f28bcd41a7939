import { Routes } from '@bookshop/contracts/routes';

export const adminTicketPath = (id: number) => Routes.adminSupportTicket.replace(':id', String(id));
