namespace Bookstore.App.Services;

public record Order(int BookId, int Quantity, string Customer);

public enum OrderStatus
{
    Pending,
    Reserved,
    Rejected,
}

public sealed class OrderResult
{
    private OrderResult(Order order, OrderStatus status, Money? total, string? reason, int remainingStock)
    {
        Order = order;
        Status = status;
        Total = total;
        Reason = reason;
        RemainingStock = remainingStock;
    }

    public Order Order { get; }

    public OrderStatus Status { get; }

    public Money? Total { get; }

    public string? Reason { get; }

    public int RemainingStock { get; }

    public bool Succeeded => Status == OrderStatus.Reserved;

    public static OrderResult Ok(Order order, Money total, int remainingStock) =>
        new(order, OrderStatus.Reserved, total, null, remainingStock);

    public static OrderResult Fail(Order order, string reason) =>
        new(order, OrderStatus.Rejected, null, reason, 0);

    public string Describe() => Status switch
    {
        OrderStatus.Reserved => $"{Order.Customer}: {Order.Quantity} x #{Order.BookId} for {Total} ({RemainingStock} left)",
        OrderStatus.Rejected => $"{Order.Customer}: rejected, {Reason}",
        _ => $"{Order.Customer}: pending",
    };
}
