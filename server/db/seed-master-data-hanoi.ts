/**
 * The Hanoi plant's own master data: a smaller plant assembling three-phase meters, with its own
 * workshops, lines, shifts, printers, devices and warehouse, and no AGVs. The materials it adds are
 * the tenant's (every plant sees them, made by the administrator); everything else belongs to the
 * Hanoi factory only and is made by its factory administrator.
 */
import type { SeedRows } from './seed-master-data';

const iv = (...pairs: [string, string][]) => pairs.map(([start, end]) => ({ start, end }));

export const HANOI_DATA: SeedRows = [
  ['material', [
    { $by: 'admin', code: 'CASE-METER-3P', name: 'Three-phase meter case', type: 'raw', classId: 'MECH', basicUnitId: 'PCS', texture: 'PC', netWeight: 0.35, grossWeight: 0.4, weightUnit: 'kg', length: 290, width: 170, height: 85, dimensionUnit: 'mm', sapPlantId: '3000' },
    { $by: 'admin', code: 'TERM-BLOCK-3P', name: 'Three-phase terminal block', type: 'raw', classId: 'MECH', basicUnitId: 'PCS', manufacturer: 'Phoenix Contact', minPackQuantity: 50, sapPlantId: '3000' },
    { $by: 'admin', code: 'PCBA-METER-3P', name: 'Three-phase meter main board', type: 'semi', classId: 'ELEC', basicUnitId: 'PCS', version: 'A', controlMode: 'serial', sapPlantId: '3000' },
    { $by: 'admin', code: 'METER-3P-DTSU', name: 'Three-phase smart meter DTSU', type: 'finished', classId: 'FG', basicUnitId: 'PCS', version: 'A', customerMaterialCode: 'BW-DTSU-3', customerMaterialName: 'Smart meter 3P', netWeight: 1.1, grossWeight: 1.3, packUnitId: 'CTN-L', controlMode: 'serial', abcCategory: 'A', price: 38.5, priceUnit: 'USD', sapPlantId: '3000', productionDateFormat: 'YYYYMMDD' },
  ]],
  ['workshop', [
    { code: 'HN-WS-SMT', name: 'Hanoi SMT workshop', building: 'Factory 1', floor: '1F', manager: 'Nguyen Van An' },
    { code: 'HN-WS-ASM', name: 'Hanoi assembly and test workshop', building: 'Factory 1', floor: '2F', manager: 'Le Van Duc' },
  ]],
  ['line', [
    { code: 'HN-SMT-01', name: 'Hanoi SMT line 1', type: 'smt', workshopId: 'HN-WS-SMT', manager: 'Nguyen Van An' },
    { code: 'HN-ASM-01', name: 'Three-phase assembly line', type: 'assembly', workshopId: 'HN-WS-ASM', manager: 'Le Van Duc' },
    { code: 'HN-TST-01', name: 'Hanoi test and packing line', type: 'testing', workshopId: 'HN-WS-ASM', manager: 'Tran Thi Mai' },
  ]],
  ['shift', [
    { code: 'HN-DAY', name: 'Hanoi day shift', type: 'day', intervals: iv(['07:30', '11:30'], ['12:30', '16:30']) },
    { code: 'HN-NIGHT', name: 'Hanoi night shift', type: 'night', intervals: iv(['19:30', '00:00'], ['00:30', '07:30']), remark: 'Crosses midnight' },
  ]],
  ['printer', [
    { code: 'HN-PRN-ASM', name: 'Hanoi assembly label printer', type: 'label', path: 'tcp://10.20.1.51:9100', charset: 'utf8', isDefault: 'yes' },
    { code: 'HN-PRN-PKG', name: 'Hanoi carton label printer', type: 'label', path: 'tcp://10.20.1.52:9100', charset: 'utf8' },
  ]],
  ['workstation', [
    { code: 'HN-ASM01-S01', name: 'Three-phase assembly station 1', workstationTypeId: 'ASM', equipmentLevel: 'c', lineId: 'HN-ASM-01', printerIds: ['HN-PRN-ASM'] },
    { code: 'HN-ASM01-S02', name: 'Three-phase assembly station 2', workstationTypeId: 'ASM', equipmentLevel: 'c', lineId: 'HN-ASM-01', printerIds: ['HN-PRN-ASM'] },
    { code: 'HN-TST01-FCT', name: 'Three-phase functional test', workstationTypeId: 'FCT', equipmentLevel: 'b', lineId: 'HN-TST-01', printerIds: [] },
    { code: 'HN-TST01-PACK', name: 'Hanoi packing station', workstationTypeId: 'PACK', equipmentLevel: 'b', lineId: 'HN-TST-01', printerIds: ['HN-PRN-PKG'] },
  ]],
  ['process-station', [
    { code: 'HN-ASM01-OP10', name: 'Housing assembly', lineId: 'HN-ASM-01', sequence: 10 },
    { code: 'HN-ASM01-OP20', name: 'Terminal block fitting', lineId: 'HN-ASM-01', sequence: 20 },
    { code: 'HN-TST01-OP10', name: 'Three-phase functional test', lineId: 'HN-TST-01', sequence: 10 },
    { code: 'HN-TST01-OP20', name: 'Final packing', lineId: 'HN-TST-01', sequence: 20 },
  ]],
  ['device', [
    { code: 'DEV-H001', name: 'Pick-and-place machine', deviceClassId: 'SMT-EQ', keeper: 'Le Van Duc', checker: 'Nguyen Van An', ipAddress: '10.20.1.11', manufacturer: 'Yamaha', model: 'YSM20R', manager: 'Nguyen Van An', equipmentAuthority: true },
    { code: 'DEV-H002', name: 'Three-phase meter tester', deviceClassId: 'TEST-EQ', keeper: 'Tran Thi Mai', checker: 'Tran Thi Mai', ipAddress: '10.20.1.21', manufacturer: 'In-house', model: 'FCT-3P-V1', manager: 'Tran Thi Mai', documentAuthority: true },
    { code: 'DEV-H003', name: 'Electric screwdriver H1', deviceClassId: 'TOOL', keeper: 'Le Van Duc', manufacturer: 'Kilews', model: 'SKD-BN512', manager: 'Le Van Duc' },
  ]],
  ['warehouse', [
    { code: 'HN-WH-RAW', name: 'Hanoi raw material warehouse', type: 'raw', erpLocationCode: '5001', usage: 'Components and cases', administrator: 'Le Van Duc', picking: true },
    { code: 'HN-WH-FG', name: 'Hanoi finished goods warehouse', type: 'finished', erpLocationCode: '5003', usage: 'Packed three-phase meters', administrator: 'Le Van Duc' },
  ]],
  ['warehouse-area', [
    { code: 'HN-RAW-A', name: 'Raw material storage', warehouseId: 'HN-WH-RAW', type: 'storage' },
    { code: 'HN-RAW-IQC', name: 'Incoming inspection', warehouseId: 'HN-WH-RAW', type: 'quality', inventoryArea: false },
    { code: 'HN-FG-A', name: 'Finished goods storage', warehouseId: 'HN-WH-FG', type: 'storage' },
  ]],
  ['storage-location', [
    { code: 'HN-RAW-A-01', name: 'Rack 01', warehouseId: 'HN-WH-RAW', warehouseAreaId: 'HN-RAW-A', storageType: 'humidityControlled', locationType: 'rack', coordinateX: 3, coordinateY: 6 },
    { code: 'HN-RAW-A-02', name: 'Rack 02', warehouseId: 'HN-WH-RAW', warehouseAreaId: 'HN-RAW-A', storageType: 'ambient', locationType: 'rack', coordinateX: 6, coordinateY: 6 },
    { code: 'HN-FG-A-01', name: 'Finished goods floor 01', warehouseId: 'HN-WH-FG', warehouseAreaId: 'HN-FG-A', storageType: 'ambient', locationType: 'floor', coordinateX: 20, coordinateY: 4 },
  ]],
  ['shelf', [
    { code: 'HN-SH-RAW-01', name: 'Hanoi raw material rack 01', type: 'medium', warehouseAreaId: 'HN-RAW-A', layers: 4 },
  ]],
  ['transport-shelf', [
    { code: 'HN-TS-001', name: 'Hanoi line-side trolley', type: 'cart', agvClass: 'none', maxLoad: 150 },
    { code: 'HN-TS-002', name: 'Hanoi pallet', type: 'pallet', agvClass: 'none', maxLoad: 1000 },
  ]],
];
