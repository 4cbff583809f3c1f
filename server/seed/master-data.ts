/**
 * The demo tenant's master data (issue 3): an electronics company making smart meters, so every
 * basic-data screen opens on a working factory — the Suzhou plant here, the Hanoi plant in
 * master-data-hanoi.ts. Rows are written by field key, references by the referenced row's
 * code; each row goes through the definition's own input schema (defaults, and a check that the seed
 * is valid data) and is stored in the definition's columns. A row's `$by` names the account that
 * made it (default: the plant's own user), so data permissions by creator have rows to show.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { inputSchema, type ResourceDef } from '../../model/engine';
import { resourceByName } from '../../model/resources';

type Row = Record<string, unknown>;
/** Rows per resource, in an order where every referenced row comes first. */
export type SeedRows = [resource: string, rows: Row[]][];
/** The master-data tables are described by the definitions, not by `DB`. */
type MasterDB = Record<string, Row>;

const DICTS: { type: string; name: string; items: [value: string, label: string][] }[] = [
  {
    type: 'customer_category',
    name: 'Customer category',
    items: [
      ['oem', 'OEM'],
      ['utility', 'Utility'],
      ['distributor', 'Distributor'],
      ['project', 'Project'],
    ],
  },
  {
    type: 'supplier_category',
    name: 'Supplier category',
    items: [
      ['electronic', 'Electronic components'],
      ['mechanical', 'Mechanical parts'],
      ['packaging', 'Packaging'],
      ['service', 'Services'],
    ],
  },
];

const iv = (...pairs: [string, string][]) => pairs.map(([start, end]) => ({ start, end }));

/** The tenant's shared rows and the Suzhou plant's own. */
export const SUZHOU_DATA: SeedRows = [
  [
    'unit',
    [
      { code: 'PCS', name: 'Piece', type: 'quantity', accuracy: 0 },
      { code: 'SET', name: 'Set', type: 'quantity', accuracy: 0 },
      { code: 'ROLL', name: 'Roll', type: 'quantity', accuracy: 0 },
      { code: 'KG', name: 'Kilogram', type: 'weight', accuracy: 3 },
      { code: 'G', name: 'Gram', type: 'weight', accuracy: 2 },
      { code: 'M', name: 'Metre', type: 'length', accuracy: 2 },
      { code: 'MM', name: 'Millimetre', type: 'length', accuracy: 1 },
      { code: 'L', name: 'Litre', type: 'volume', accuracy: 3 },
    ],
  ],
  [
    'packing-unit',
    [
      { code: 'TRAY-ESD', name: 'ESD tray', level: 'inner', length: 320, width: 240, height: 25, maxWeight: 2 },
      { code: 'BOX-S', name: 'Inner box', level: 'inner', length: 300, width: 200, height: 120, maxWeight: 5 },
      {
        code: 'CTN-L',
        name: 'Shipping carton',
        level: 'outer',
        length: 600,
        width: 400,
        height: 400,
        maxWeight: 25,
        remark: 'Five-ply corrugated',
      },
      { code: 'PLT-EU', name: 'Euro pallet', level: 'pallet', length: 1200, width: 800, height: 144, maxWeight: 1000 },
    ],
  ],
  [
    'customer',
    [
      {
        code: 'C0001',
        name: 'Northwind Appliances Co., Ltd.',
        shortName: 'Northwind',
        category: 'oem',
        contact: 'Liu Yang',
        phone: '+86 755 2668 1200',
        email: 'purchasing@northwind.example.com',
        country: 'China',
        province: 'Guangdong',
        city: 'Shenzhen',
        address: '18 Keji Road, Nanshan District',
        postcode: '518057',
      },
      {
        code: 'C0002',
        name: 'Bluewave Energy GmbH',
        shortName: 'Bluewave',
        category: 'utility',
        contact: 'Anna Keller',
        phone: '+49 89 4120 5500',
        fax: '+49 89 4120 5501',
        country: 'Germany',
        province: 'Bavaria',
        city: 'Munich',
        address: 'Leopoldstraße 120',
        postcode: '80802',
      },
      {
        code: 'C0003',
        name: 'Saigon Smart Home JSC',
        shortName: 'Saigon Smart Home',
        category: 'distributor',
        contact: 'Tran Thi Mai',
        phone: '+84 28 3825 6600',
        country: 'Vietnam',
        province: 'Ho Chi Minh City',
        city: 'Ho Chi Minh City',
        address: '72 Le Thanh Ton, District 1',
        postcode: '700000',
      },
      {
        code: 'C0004',
        name: 'Iberia Metering S.L.',
        shortName: 'Iberia Metering',
        category: 'utility',
        contact: 'Javier Ortega',
        phone: '+34 91 555 0123',
        country: 'Spain',
        province: 'Madrid',
        city: 'Madrid',
        address: 'Calle de Alcalá 200',
        postcode: '28028',
      },
      {
        code: 'C0005',
        name: 'Jiangsu Hengtai Electric Co., Ltd.',
        shortName: 'Hengtai',
        category: 'project',
        contact: 'Sun Hao',
        phone: '+86 512 6588 3300',
        country: 'China',
        province: 'Jiangsu',
        city: 'Suzhou',
        postcode: '215000',
      },
    ],
  ],
  [
    'supplier',
    [
      {
        code: 'S0001',
        name: 'Shenzhen Huaqiang Components Co., Ltd.',
        shortName: 'Huaqiang',
        category: 'electronic',
        contact: 'Huang Jun',
        phone: '+86 755 8321 7788',
        country: 'China',
        province: 'Guangdong',
        city: 'Shenzhen',
        postcode: '518031',
      },
      {
        code: 'S0002',
        name: 'Dongguan Evergreen Packaging Co., Ltd.',
        shortName: 'Evergreen',
        category: 'packaging',
        contact: 'Xu Li',
        phone: '+86 769 2288 4100',
        country: 'China',
        province: 'Guangdong',
        city: 'Dongguan',
        postcode: '523000',
      },
      {
        code: 'S0003',
        name: 'Kunshan Precision Metal Works',
        shortName: 'KS Metal',
        category: 'mechanical',
        contact: 'Gao Feng',
        phone: '+86 512 5766 0900',
        country: 'China',
        province: 'Jiangsu',
        city: 'Kunshan',
        postcode: '215300',
      },
      {
        code: 'S0004',
        name: 'Taipei Microchip Trading Ltd.',
        shortName: 'TMT',
        category: 'electronic',
        contact: 'Lin Ya-ting',
        phone: '+886 2 2700 1234',
        country: 'Taiwan',
        city: 'Taipei',
        postcode: '106',
      },
      {
        code: 'S0005',
        name: 'Penang Solder Materials Sdn. Bhd.',
        shortName: 'PSM',
        category: 'electronic',
        contact: 'Tan Wei Ming',
        phone: '+60 4 643 2200',
        country: 'Malaysia',
        province: 'Penang',
        city: 'Bayan Lepas',
        postcode: '11900',
      },
    ],
  ],
  [
    'product-series',
    [
      { code: 'SM-1P', name: 'Single-phase smart meter', englishName: 'Single-phase smart meter', customerId: 'C0001' },
      { code: 'SM-3P', name: 'Three-phase smart meter', englishName: 'Three-phase smart meter', customerId: 'C0002' },
      { code: 'GW-IOT', name: 'IoT data concentrator', englishName: 'IoT data concentrator' },
      { code: 'CTRL-HVAC', name: 'HVAC controller board', englishName: 'HVAC controller board', customerId: 'C0003' },
    ],
  ],
  [
    'sap-plant',
    [
      {
        code: '1000',
        name: 'Shenzhen plant',
        companyCode: '1000',
        purchasingOrg: '1000',
        salesOrg: '1000',
        address: 'Guangming District, Shenzhen',
      },
      {
        code: '2000',
        name: 'Suzhou plant',
        companyCode: '1000',
        purchasingOrg: '2000',
        salesOrg: '1000',
        address: 'Suzhou Industrial Park',
      },
      {
        code: '3000',
        name: 'Hanoi plant',
        companyCode: '3000',
        purchasingOrg: '3000',
        salesOrg: '3000',
        address: 'Thang Long Industrial Park, Dong Anh, Hanoi',
      },
    ],
  ],
  [
    'material-class',
    [
      { code: 'ELEC', name: 'Electronic components', description: 'Components mounted on boards' },
      { code: 'MECH', name: 'Mechanical parts', description: 'Cases, screws, brackets' },
      { code: 'PACK', name: 'Packaging materials', needReturn: true },
      { code: 'FG', name: 'Finished goods' },
    ],
  ],
  [
    'material-class',
    [
      { code: 'ELEC-PAS', name: 'Passive components', parentId: 'ELEC', attributeRule: 'value+tolerance+package' },
      { code: 'ELEC-IC', name: 'Integrated circuits', parentId: 'ELEC', attributeRule: 'part number+package' },
    ],
  ],
  [
    'material',
    [
      {
        code: 'RES-0603-10K',
        name: 'Resistor 10 kΩ 1 % 0603',
        type: 'raw',
        classId: 'ELEC-PAS',
        basicUnitId: 'PCS',
        specification: '0603, 1/10 W',
        manufacturer: 'Yageo',
        packUnitId: 'TRAY-ESD',
        minPackQuantity: 5000,
        controlMode: 'batch',
        abcCategory: 'C',
        msdLevel: '1',
        fifoControl: true,
        sapPlantId: '1000',
      },
      {
        code: 'CAP-0402-100N',
        name: 'Capacitor 100 nF 16 V 0402',
        type: 'raw',
        classId: 'ELEC-PAS',
        basicUnitId: 'PCS',
        specification: 'X7R',
        manufacturer: 'Murata',
        minPackQuantity: 10000,
        controlMode: 'batch',
        abcCategory: 'C',
        msdLevel: '1',
      },
      {
        code: 'IC-MCU-STM32',
        name: 'MCU STM32G0 LQFP48',
        type: 'raw',
        classId: 'ELEC-IC',
        basicUnitId: 'PCS',
        manufacturer: 'STMicroelectronics',
        minPackQuantity: 250,
        controlMode: 'serial',
        abcCategory: 'A',
        msdLevel: '3',
        validityControl: true,
        validityDays: 365,
        price: 1.85,
        priceUnit: 'USD',
      },
      {
        code: 'CASE-METER-1P',
        name: 'Single-phase meter case',
        type: 'raw',
        classId: 'MECH',
        basicUnitId: 'PCS',
        texture: 'PC+ABS',
        netWeight: 0.18,
        grossWeight: 0.2,
        weightUnit: 'kg',
        length: 160,
        width: 110,
        height: 60,
        dimensionUnit: 'mm',
      },
      {
        code: 'SCREW-M3X8',
        name: 'Screw M3×8 stainless',
        type: 'auxiliary',
        classId: 'MECH',
        basicUnitId: 'PCS',
        minPackQuantity: 1000,
      },
      {
        code: 'PCBA-METER-1P',
        name: 'Meter main board assembly',
        type: 'semi',
        classId: 'ELEC',
        basicUnitId: 'PCS',
        version: 'B',
        controlMode: 'serial',
      },
      {
        code: 'METER-1P-DDSU',
        name: 'Single-phase smart meter DDSU',
        type: 'finished',
        classId: 'FG',
        basicUnitId: 'PCS',
        version: 'A',
        customerMaterialCode: 'NW-DDSU-01',
        customerMaterialName: 'Smart meter 1P',
        upcCode: '6901234567892',
        netWeight: 0.42,
        grossWeight: 0.55,
        packUnitId: 'CTN-L',
        controlMode: 'serial',
        abcCategory: 'A',
        productionDateFormat: 'YYYYMMDD',
      },
      { code: 'CTN-METER', name: 'Meter shipping carton', type: 'packaging', classId: 'PACK', basicUnitId: 'PCS' },
    ],
  ],
  [
    'workstation-type',
    [
      { code: 'SMT-PLACE', name: 'SMT placement', category: 'production' },
      { code: 'ASM', name: 'Manual assembly', category: 'production' },
      { code: 'AOI', name: 'Automatic optical inspection', category: 'inspection' },
      { code: 'FCT', name: 'Functional test', category: 'inspection' },
      { code: 'PACK', name: 'Packing', category: 'packing' },
      { code: 'REPAIR', name: 'Repair', category: 'repair' },
    ],
  ],
  [
    'workshop',
    [
      { code: 'WS-SMT', name: 'SMT workshop', building: 'Building A', floor: '1F', manager: 'Zhang Min' },
      { code: 'WS-ASM', name: 'Assembly workshop', building: 'Building A', floor: '2F', manager: 'Wang Fang' },
      { code: 'WS-PKG', name: 'Test and packing workshop', building: 'Building B', floor: '1F', manager: 'Chen Jie' },
    ],
  ],
  [
    'line',
    [
      { code: 'SMT-01', name: 'SMT line 1', type: 'smt', workshopId: 'WS-SMT', manager: 'Zhang Min' },
      { code: 'SMT-02', name: 'SMT line 2', type: 'smt', workshopId: 'WS-SMT', manager: 'Zhang Min' },
      { code: 'ASM-01', name: 'Final assembly line 1', type: 'assembly', workshopId: 'WS-ASM', manager: 'Wang Fang' },
      { code: 'ASM-02', name: 'Final assembly line 2', type: 'assembly', workshopId: 'WS-ASM', manager: 'Wang Fang' },
      { code: 'TST-01', name: 'Test line', type: 'testing', workshopId: 'WS-PKG', manager: 'Chen Jie' },
      { code: 'PKG-01', name: 'Packing line', type: 'packaging', workshopId: 'WS-PKG', manager: 'Chen Jie' },
    ],
  ],
  [
    'shift',
    [
      { code: 'DAY', name: 'Day shift', type: 'day', intervals: iv(['08:00', '12:00'], ['13:00', '17:00']) },
      { code: 'OFFICE', name: 'Office hours', type: 'day', intervals: iv(['08:30', '12:00'], ['13:30', '18:00']) },
      { code: 'MIDDLE', name: 'Middle shift', type: 'middle', intervals: iv(['16:00', '20:00'], ['20:30', '00:00']) },
      {
        code: 'NIGHT',
        name: 'Night shift',
        type: 'night',
        intervals: iv(['20:00', '00:00'], ['00:30', '08:00']),
        remark: 'Crosses midnight',
      },
    ],
  ],
  [
    'printer',
    [
      {
        code: 'PRN-SMT01',
        name: 'SMT line 1 label printer',
        type: 'label',
        path: 'tcp://192.168.10.51:9100',
        charset: 'utf8',
        isDefault: 'yes',
      },
      {
        code: 'PRN-ASM01',
        name: 'Assembly line 1 label printer',
        type: 'label',
        path: 'tcp://192.168.20.51:9100',
        charset: 'utf8',
      },
      {
        code: 'PRN-PKG01',
        name: 'Carton label printer',
        type: 'label',
        path: 'tcp://192.168.30.51:9100',
        charset: 'gbk',
      },
      {
        code: 'PRN-WH01',
        name: 'Warehouse label printer',
        type: 'label',
        path: 'tcp://192.168.40.51:9100',
        charset: 'utf8',
      },
      {
        code: 'PRN-OFFICE',
        name: 'Production office printer',
        type: 'laser',
        path: '\\\\print-srv01\\HP-M404-Office',
        charset: 'utf8',
        username: 'mes-print',
        password: 'Print@2026',
      },
    ],
  ],
  [
    'workstation',
    [
      {
        code: 'SMT01-PLACE',
        name: 'SMT line 1 placement',
        workstationTypeId: 'SMT-PLACE',
        equipmentLevel: 'a',
        lineId: 'SMT-01',
        printerIds: ['PRN-SMT01'],
      },
      {
        code: 'SMT01-AOI',
        name: 'SMT line 1 AOI',
        workstationTypeId: 'AOI',
        equipmentLevel: 'a',
        lineId: 'SMT-01',
        printerIds: [],
      },
      {
        $by: 'li.ming',
        code: 'ASM01-S01',
        name: 'Assembly line 1 station 1',
        workstationTypeId: 'ASM',
        equipmentLevel: 'c',
        lineId: 'ASM-01',
        printerIds: ['PRN-ASM01'],
      },
      {
        $by: 'li.ming',
        code: 'ASM01-S02',
        name: 'Assembly line 1 station 2',
        workstationTypeId: 'ASM',
        equipmentLevel: 'c',
        lineId: 'ASM-01',
        printerIds: ['PRN-ASM01'],
      },
      {
        code: 'TST01-FCT',
        name: 'Functional test station',
        workstationTypeId: 'FCT',
        equipmentLevel: 'b',
        lineId: 'TST-01',
        printerIds: [],
      },
      {
        code: 'TST01-REP',
        name: 'Repair bench',
        workstationTypeId: 'REPAIR',
        equipmentLevel: 'c',
        lineId: 'TST-01',
        printerIds: [],
      },
      {
        code: 'PKG01-PACK',
        name: 'Packing station',
        workstationTypeId: 'PACK',
        equipmentLevel: 'b',
        lineId: 'PKG-01',
        printerIds: ['PRN-PKG01', 'PRN-OFFICE'],
      },
    ],
  ],
  [
    'process-station',
    [
      { code: 'SMT01-OP10', name: 'Solder paste printing', lineId: 'SMT-01', sequence: 10 },
      { code: 'SMT01-OP20', name: 'Component placement', lineId: 'SMT-01', sequence: 20 },
      { code: 'SMT01-OP30', name: 'Reflow soldering', lineId: 'SMT-01', sequence: 30 },
      { code: 'SMT01-OP40', name: 'Optical inspection', lineId: 'SMT-01', sequence: 40 },
      { $by: 'li.ming', code: 'ASM01-OP10', name: 'Housing assembly', lineId: 'ASM-01', sequence: 10 },
      { code: 'TST01-OP10', name: 'Functional test', lineId: 'TST-01', sequence: 10 },
      { code: 'PKG01-OP10', name: 'Final packing', lineId: 'PKG-01', sequence: 10 },
    ],
  ],
  [
    'device-class',
    [
      { code: 'SMT-EQ', name: 'SMT equipment' },
      { code: 'TEST-EQ', name: 'Test equipment' },
      { code: 'AGV', name: 'Automated guided vehicles' },
      { code: 'TOOL', name: 'Power tools', remark: 'Screwdrivers and torque tools' },
      { code: 'IPC', name: 'Industrial PCs' },
    ],
  ],
  [
    'device-model',
    [
      {
        code: 'SP-300',
        name: 'Stencil printer SP-300',
        deviceClassId: 'SMT-EQ',
        manufacturer: 'Suzhou Print Tech',
        serviceLifeYears: 10,
      },
      {
        code: 'PM-20',
        name: 'Placement machine PM-20',
        deviceClassId: 'SMT-EQ',
        manufacturer: 'Kunshan Mount Systems',
        serviceLifeYears: 10,
      },
      {
        code: 'ICT-8',
        name: 'In-circuit tester ICT-8',
        deviceClassId: 'TEST-EQ',
        manufacturer: 'Wuxi Test Instruments',
        serviceLifeYears: 8,
      },
      {
        code: 'TS-12',
        name: 'Torque screwdriver TS-12',
        deviceClassId: 'TOOL',
        manufacturer: 'Ningbo Tools',
        serviceLifeYears: 5,
        remark: 'Calibrated yearly',
      },
    ],
  ],
  [
    'device',
    [
      {
        code: 'DEV-0001',
        name: 'Solder paste printer',
        deviceClassId: 'SMT-EQ',
        keeper: 'Li Wei',
        checker: 'Zhang Min',
        macAddress: '00:1B:44:11:3A:B7',
        ipAddress: '192.168.10.11',
        manufacturer: 'DEK',
        model: 'Horizon 03iX',
        manager: 'Zhang Min',
        use: 'Solder paste printing on SMT line 1',
        equipmentAuthority: true,
      },
      {
        code: 'DEV-0002',
        name: 'Pick-and-place machine',
        deviceClassId: 'SMT-EQ',
        keeper: 'Li Wei',
        checker: 'Zhang Min',
        macAddress: '00:1B:44:11:3A:C2',
        ipAddress: '192.168.10.12',
        manufacturer: 'Fuji',
        model: 'NXT III',
        manager: 'Zhang Min',
        use: 'Component placement on SMT line 1',
        equipmentAuthority: true,
      },
      {
        code: 'DEV-0003',
        name: 'Reflow oven',
        deviceClassId: 'SMT-EQ',
        keeper: 'Li Wei',
        checker: 'Zhang Min',
        ipAddress: '192.168.10.13',
        manufacturer: 'Heller',
        model: '1936 MK5',
        manager: 'Zhang Min',
      },
      {
        code: 'DEV-0004',
        name: '3D AOI',
        deviceClassId: 'SMT-EQ',
        keeper: 'Li Wei',
        checker: 'Zhang Min',
        macAddress: '00-1B-44-11-3A-D9',
        ipAddress: '192.168.10.14',
        manufacturer: 'Koh Young',
        model: 'Zenith',
        manager: 'Zhang Min',
        documentAuthority: true,
      },
      {
        code: 'DEV-0005',
        name: 'Meter functional tester',
        deviceClassId: 'TEST-EQ',
        keeper: 'Chen Jie',
        checker: 'Nguyen Van An',
        ipAddress: '192.168.30.21',
        manufacturer: 'In-house',
        model: 'FCT-SM-V2',
        manager: 'Chen Jie',
        documentAuthority: true,
        equipmentAuthority: true,
      },
      {
        code: 'DEV-0006',
        name: 'Jacking AGV 01',
        deviceClassId: 'AGV',
        keeper: 'Zhou Lin',
        checker: 'Zhou Lin',
        macAddress: 'A4:5E:60:C2:18:01',
        ipAddress: '192.168.40.61',
        manufacturer: 'Hikrobot',
        model: 'Q3-600',
        manager: 'Zhou Lin',
      },
      {
        code: 'DEV-0007',
        name: 'Electric screwdriver 03',
        deviceClassId: 'TOOL',
        keeper: 'Wang Fang',
        manufacturer: 'Kilews',
        model: 'SKD-BN512',
        manager: 'Wang Fang',
        state: 'frozen',
        use: 'Frozen: torque out of tolerance, awaiting calibration',
      },
    ],
  ],
  [
    'warehouse',
    [
      {
        code: 'WH-RAW',
        name: 'Raw material warehouse',
        type: 'raw',
        erpLocationCode: '1001',
        usage: 'Components and raw materials',
        administrator: 'Zhou Lin',
        picking: true,
      },
      {
        code: 'WH-SEMI',
        name: 'Semi-finished goods warehouse',
        type: 'semi',
        erpLocationCode: '2001',
        usage: 'Assembled boards',
        administrator: 'Zhou Lin',
        picking: true,
      },
      {
        code: 'WH-FG',
        name: 'Finished goods warehouse',
        type: 'finished',
        erpLocationCode: '3001',
        usage: 'Packed meters awaiting shipment',
        administrator: 'Huang Li',
      },
      {
        code: 'WH-SPARE',
        name: 'Spare parts store',
        type: 'spare',
        erpLocationCode: '4001',
        usage: 'Machine spare parts',
        administrator: 'Li Wei',
      },
      {
        code: 'WH-OLD',
        name: 'Annex warehouse (closed)',
        type: 'raw',
        usage: 'Closed for renovation',
        administrator: 'Zhou Lin',
        state: 'frozen',
      },
    ],
  ],
  [
    'warehouse-area',
    [
      {
        code: 'RAW-RCV',
        name: 'Raw material receiving',
        warehouseId: 'WH-RAW',
        type: 'receiving',
        inventoryArea: false,
      },
      { code: 'RAW-IQC', name: 'Incoming inspection', warehouseId: 'WH-RAW', type: 'quality', inventoryArea: false },
      { code: 'RAW-A', name: 'Raw material storage A', warehouseId: 'WH-RAW', type: 'storage', agv: true },
      { code: 'SEMI-BUF', name: 'Board buffer', warehouseId: 'WH-SEMI', type: 'buffer', agv: true },
      { code: 'FG-A', name: 'Finished goods storage A', warehouseId: 'WH-FG', type: 'storage', agv: true },
      { code: 'FG-SHIP', name: 'Shipping dock', warehouseId: 'WH-FG', type: 'shipping', inventoryArea: false },
    ],
  ],
  [
    'storage-location',
    [
      {
        code: 'RAW-A-01-01',
        name: 'Rack 01, level 1',
        warehouseId: 'WH-RAW',
        warehouseAreaId: 'RAW-A',
        storageType: 'ambient',
        locationType: 'rack',
        coordinateX: 2.5,
        coordinateY: 4,
        coordinateZ: 0,
      },
      {
        code: 'RAW-A-01-02',
        name: 'Rack 01, level 2',
        warehouseId: 'WH-RAW',
        warehouseAreaId: 'RAW-A',
        storageType: 'ambient',
        locationType: 'rack',
        coordinateX: 2.5,
        coordinateY: 4,
        coordinateZ: 1.2,
      },
      {
        code: 'RAW-A-02-01',
        name: 'Rack 02, level 1',
        warehouseId: 'WH-RAW',
        warehouseAreaId: 'RAW-A',
        storageType: 'humidityControlled',
        locationType: 'rack',
        coordinateX: 5,
        coordinateY: 4,
        coordinateZ: 0,
      },
      {
        code: 'RAW-A-02-02',
        name: 'Rack 02, level 2',
        warehouseId: 'WH-RAW',
        warehouseAreaId: 'RAW-A',
        storageType: 'ambient',
        locationType: 'rack',
        coordinateX: 5,
        coordinateY: 4,
        coordinateZ: 1.2,
        state: 'unavailable',
      },
      {
        code: 'RAW-A-FRIDGE',
        name: 'Solder paste fridge',
        warehouseId: 'WH-RAW',
        warehouseAreaId: 'RAW-A',
        storageType: 'cold',
        locationType: 'bin',
        coordinateX: 8.5,
        coordinateY: 1,
      },
      {
        code: 'FG-A-01',
        name: 'Finished goods floor 01',
        warehouseId: 'WH-FG',
        warehouseAreaId: 'FG-A',
        storageType: 'ambient',
        locationType: 'floor',
        coordinateX: 30,
        coordinateY: 12,
      },
      {
        code: 'FG-SHIP-01',
        name: 'Dock lane 1',
        warehouseId: 'WH-FG',
        warehouseAreaId: 'FG-SHIP',
        storageType: 'ambient',
        locationType: 'floor',
        coordinateX: 42,
        coordinateY: 2,
      },
    ],
  ],
  [
    'shelf',
    [
      { code: 'SH-RAW-01', name: 'Raw material rack 01', type: 'heavy', warehouseAreaId: 'RAW-A', layers: 4 },
      { code: 'SH-RAW-02', name: 'Raw material rack 02', type: 'medium', warehouseAreaId: 'RAW-A', layers: 5 },
      { code: 'SH-SEMI-01', name: 'Board flow rack', type: 'flow', warehouseAreaId: 'SEMI-BUF', layers: 3 },
      {
        code: 'SH-SEMI-02',
        name: 'AGV board rack',
        type: 'light',
        agvClass: 'jacking',
        warehouseAreaId: 'SEMI-BUF',
        layers: 2,
      },
      {
        code: 'SH-FG-01',
        name: 'Finished goods pallet rack',
        type: 'heavy',
        agvClass: 'forklift',
        warehouseAreaId: 'FG-A',
        layers: 3,
      },
    ],
  ],
  [
    'transport-shelf',
    [
      { code: 'TS-001', name: 'Kitting cart 01', type: 'cart', agvClass: 'jacking', maxLoad: 300 },
      { code: 'TS-002', name: 'Kitting cart 02', type: 'cart', agvClass: 'jacking', maxLoad: 300 },
      { code: 'TS-003', name: 'Reel rack 01', type: 'rack', agvClass: 'jacking', maxLoad: 200 },
      { code: 'TS-004', name: 'Finished goods cage', type: 'cage', agvClass: 'forklift', maxLoad: 800 },
      { $by: 'li.ming', code: 'TS-005', name: 'Line-side trolley', type: 'cart', agvClass: 'none', maxLoad: 150 },
    ],
  ],
  [
    'document-type',
    [
      { name: 'Work instructions', suffixes: 'pdf', browsingTool: 'pdf' },
      { name: 'Training videos', suffixes: 'mp4,webm', browsingTool: 'video' },
      { name: 'Drawings', suffixes: 'pdf,png,jpg', browsingTool: 'auto' },
      { name: 'Device manuals', suffixes: 'pdf,docx', browsingTool: 'auto' },
    ],
  ],
  [
    'landmark',
    [
      { code: 'LM-001', name: 'SMT line 1 feeding point', type: 'station', coordinateX: 12.5, coordinateY: 40 },
      {
        code: 'LM-002',
        name: 'Raw material pick-up point',
        type: 'station',
        coordinateX: 3,
        coordinateY: 5,
        warehouseAreaId: 'RAW-A',
      },
      { code: 'LM-003', name: 'Charging point 1', type: 'charging', coordinateX: 0.5, coordinateY: 0.5 },
      { code: 'LM-004', name: 'Aisle junction A', type: 'waypoint', coordinateX: 20, coordinateY: 20 },
      { code: 'LM-005', name: 'AGV parking 1', type: 'parking', coordinateX: 1.5, coordinateY: 0.5 },
      {
        code: 'LM-006',
        name: 'Finished goods drop-off',
        type: 'station',
        coordinateX: 31,
        coordinateY: 12,
        warehouseAreaId: 'FG-A',
      },
    ],
  ],
  [
    'agv-tag',
    [
      {
        code: 'TAG-0001',
        name: 'Raw material pick-up',
        areaType: 'storage',
        preparationType: 'workOrder',
        landmarkId: 'LM-002',
      },
      {
        code: 'TAG-0002',
        name: 'SMT line 1 feeding',
        areaType: 'production',
        preparationType: 'line',
        landmarkId: 'LM-001',
      },
      { code: 'TAG-0003', name: 'Junction A', areaType: 'buffer', preparationType: 'kanban', landmarkId: 'LM-004' },
      { code: 'TAG-0004', name: 'Charging point 1', areaType: 'charging', landmarkId: 'LM-003' },
      {
        code: 'TAG-0005',
        name: 'Finished goods drop-off',
        areaType: 'storage',
        preparationType: 'workOrder',
        landmarkId: 'LM-006',
      },
    ],
  ],
];

const schemas = new Map<ResourceDef, ReturnType<typeof inputSchema>>();

/** Field values by key → column values, references resolved from codes to ids. */
function toColumns(def: ResourceDef, row: Row, idOf: (resource: string, code: unknown) => string): Row {
  const withIds: Row = { ...row };
  for (const [key, f] of Object.entries(def.fields)) {
    if (row[key] == null) continue;
    if (f.kind === 'ref') withIds[key] = idOf(f.resource, row[key]);
    if (f.kind === 'refs') withIds[key] = (row[key] as unknown[]).map((c) => idOf(f.resource, c));
  }
  let schema = schemas.get(def);
  if (!schema) schemas.set(def, (schema = inputSchema(def)));
  const parsed = schema.safeParse(withIds);
  if (!parsed.success) throw new Error(`seed: ${def.name} ${String(row[def.codeField])}: ${parsed.error.message}`);
  const values = parsed.data as Row;
  const out: Row = {};
  for (const [key, f] of Object.entries(def.fields)) {
    if (values[key] === undefined) continue;
    out[f.column!] = f.kind === 'details' ? JSON.stringify(values[key]) : values[key];
  }
  return out;
}

/** One factory's rows (and the tenant rows that come with them), made by `userId` unless a row names its maker. */
export interface SeedPlant {
  factoryId: string;
  userId: string;
  rows: SeedRows;
}

/**
 * Inserts the dictionaries the master data uses and each plant's rows, in order; runs in the
 * caller's transaction. A reference finds a factory-scoped row of the same plant only, a
 * tenant-scoped row of any plant before it. `users` resolves the rows' `$by` accounts.
 */
export async function seedMasterData(
  db: Kysely<DB>,
  tenantId: string,
  plants: SeedPlant[],
  users?: Record<string, string>,
): Promise<void> {
  for (const d of DICTS) {
    const dict = await db
      .insertInto('dict')
      .values({ tenant_id: tenantId, name: d.name, type: d.type })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('dict_item')
      .values(
        d.items.map(([value, label], i) => ({ tenant_id: tenantId, dict_id: dict.id, value, label, sort: i + 1 })),
      )
      .execute();
  }
  const mdb = db as unknown as Kysely<MasterDB>;
  const tenantIds = new Map<string, Map<string, string>>();
  for (const plant of plants) {
    const plantIds = new Map<string, Map<string, string>>();
    const mapOf = (resource: string) => (resourceByName(resource)?.scope === 'factory' ? plantIds : tenantIds);
    for (const [name, rows] of plant.rows) {
      const def = resourceByName(name);
      if (!def) throw new Error(`seed: unknown resource ${name}`);
      const idOf = (resource: string, code: unknown) => {
        const id = mapOf(resource).get(resource)?.get(String(code));
        if (!id) throw new Error(`seed: ${def.name} refers to a missing ${resource} ${String(code)}`);
        return id;
      };
      const scope: Row =
        def.scope === 'factory' ? { tenant_id: tenantId, factory_id: plant.factoryId } : { tenant_id: tenantId };
      const codeColumn = def.fields[def.codeField]!.column!;
      const inserted = await mdb
        .insertInto(def.table)
        .values(
          rows.map(({ $by, ...r }) => {
            // Without the accounts (another tenant seeded from the same rows) the plant's user made every row.
            const by = $by === undefined || !users ? plant.userId : users[String($by)];
            if (!by) throw new Error(`seed: ${def.name} made by an unknown account ${String($by)}`);
            return { ...scope, ...toColumns(def, r, idOf), created_by: by, updated_by: by };
          }),
        )
        .returning(['id', codeColumn])
        .execute();
      // A resource may come in several batches (a tree: parents first), so the codes add up.
      const map = mapOf(name);
      map.set(
        name,
        new Map([...(map.get(name) ?? []), ...inserted.map((r) => [String(r[codeColumn]), String(r.id)] as const)]),
      );
    }
  }
  // Class levels follow the tree (on screens the engine's hook sets them).
  await sql`with recursive t(id, level) as (
      select id, 1 from material_class where tenant_id = ${tenantId} and parent_id is null
      union all select c.id, t.level + 1 from material_class c join t on c.parent_id = t.id)
    update material_class m set level = t.level from t where m.id = t.id`.execute(db);
}
